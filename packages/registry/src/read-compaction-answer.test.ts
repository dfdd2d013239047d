import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CompactionState, emptyCompactionState } from "./catalogue/compaction-state.js";
import { readCompactionAnswer } from "./read-compaction-answer.js";

const line = fc.string({ minLength: 1, maxLength: 40 });
const state: fc.Arbitrary<CompactionState> = fc.record(
  {
    version: fc.constant(1 as const),
    task: fc.string({ maxLength: 60 }),
    constraints: fc.array(fc.string({ maxLength: 60 }), { maxLength: 5 }),
    decisions: fc.array(fc.string({ maxLength: 60 }), { maxLength: 5 }),
    pendingCalls: fc.array(fc.record({ callId: line, tool: line, arguments: fc.string() }), {
      maxLength: 3,
    }),
    agents: fc.array(fc.record({ id: line, task: fc.string() }), { maxLength: 3 }),
    todos: fc.array(
      fc.record({
        text: line,
        status: fc.constantFrom("open", "in_progress", "done") as fc.Arbitrary<
          "open" | "in_progress" | "done"
        >,
      }),
      { maxLength: 3 },
    ),
    files: fc.record({
      read: fc.array(line, { maxLength: 5 }),
      changed: fc.array(line, { maxLength: 5 }),
    }),
  },
  {
    requiredKeys: [
      "version",
      "constraints",
      "decisions",
      "pendingCalls",
      "agents",
      "todos",
      "files",
    ],
  },
);

describe("readCompactionAnswer", () => {
  it("reads back every valid state a strict answer carries, a null task as none", () => {
    fc.assert(
      fc.property(state, fc.string(), (given, summary) => {
        const answer = { summary, state: { task: null, ...given } };
        expect(readCompactionAnswer(JSON.stringify(answer))).toEqual({
          text: summary,
          state: given,
        });
        expect(readCompactionAnswer(answer)).toEqual({ text: summary, state: given });
      }),
    );
  });

  it("keeps the summary and says what failed when the state does not pass the schema", () => {
    const answer = readCompactionAnswer({
      summary: "We fixed the parser.",
      state: { ...emptyCompactionState(), todos: [{ text: "Ship it", status: "later" }] },
    });
    expect(answer).toEqual({
      text: "We fixed the parser.",
      stateProblem: expect.stringMatching(/^state\.todos\.0\.status: /),
    });
    expect(readCompactionAnswer({ summary: "No state." })).toEqual({
      text: "No state.",
      stateProblem: expect.stringMatching(/^state: /),
    });
  });

  it("finds no answer without a summary text: not JSON, cut short, or another shape", () => {
    const cut = JSON.stringify({ summary: "We fixed", state: emptyCompactionState() }).slice(0, 20);
    for (const answer of [cut, "plain prose", "[]", { state: emptyCompactionState() }, null, 42]) {
      expect(readCompactionAnswer(answer)).toBeUndefined();
    }
  });
});
