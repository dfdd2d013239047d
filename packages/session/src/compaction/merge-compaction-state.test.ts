import {
  type CompactionState,
  compactionStateLimits,
  compactionStateSchema,
  emptyCompactionState,
} from "@ctx/registry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeCompactionState } from "./merge-compaction-state.js";

const empty = emptyCompactionState();

describe("mergeCompactionState", () => {
  it("keeps the first task, unions the lists and lets a changed path leave the read list", () => {
    const previous = {
      ...empty,
      task: "Fix the parser.",
      constraints: ["Never push to main."],
      decisions: ["Keep the old API."],
      files: { read: ["src/a.ts", "src/b.ts"], changed: ["src/c.ts"] },
    };
    const next = {
      ...empty,
      task: "Thanks, now the tests.",
      constraints: ["Never push to main.", "Use pnpm."],
      files: { read: ["src/c.ts", "src/d.ts"], changed: ["src/b.ts"] },
    };
    expect(mergeCompactionState(previous, next)).toEqual({
      ...empty,
      task: "Fix the parser.",
      constraints: ["Never push to main.", "Use pnpm."],
      decisions: ["Keep the old API."],
      files: { read: ["src/a.ts", "src/d.ts"], changed: ["src/c.ts", "src/b.ts"] },
    });
  });

  it("ends the pending calls and agents answered since, and closes the todos done", () => {
    const previous = {
      ...empty,
      pendingCalls: [
        { callId: "c1", tool: "shell", arguments: "{}" },
        { callId: "c2", tool: "shell", arguments: "{}" },
      ],
      agents: [{ id: "a1", task: "Review." }],
      todos: [
        { text: "Read", status: "open" as const },
        { text: "Fix", status: "in_progress" as const },
      ],
    };
    const next = {
      ...empty,
      pendingCalls: [{ callId: "c3", tool: "shell", arguments: "{}" }],
      todos: [{ text: "Read", status: "done" as const }],
    };
    const merged = mergeCompactionState(previous, next, ["c1", "a1"]);
    expect(merged.pendingCalls.map((call) => call.callId)).toEqual(["c2", "c3"]);
    expect(merged.agents).toEqual([]);
    expect(merged.todos).toEqual([{ text: "Fix", status: "in_progress" }]);
  });

  it("changes nothing when a state is merged with itself (a compaction with nothing new)", () => {
    const line = fc.string({ minLength: 1, maxLength: 12 });
    const state = fc.record({
      version: fc.constant(1 as const),
      task: line,
      constraints: fc.uniqueArray(line, { maxLength: 5 }),
      decisions: fc.uniqueArray(line, { maxLength: 5 }),
      pendingCalls: fc.uniqueArray(
        fc.record({ callId: line, tool: line, arguments: fc.string() }),
        { maxLength: 3, selector: (call) => call.callId },
      ),
      agents: fc.uniqueArray(fc.record({ id: line, task: fc.string() }), {
        maxLength: 3,
        selector: (agent) => agent.id,
      }),
      todos: fc.uniqueArray(
        fc.record({ text: line, status: fc.constantFrom("open" as const, "in_progress" as const) }),
        { maxLength: 3, selector: (todo) => todo.text },
      ),
      files: fc
        .tuple(fc.uniqueArray(line, { maxLength: 5 }), fc.uniqueArray(line, { maxLength: 5 }))
        .map(([read, changed]) => ({
          read: read.filter((path) => !changed.includes(path)),
          changed,
        })),
    });
    fc.assert(
      fc.property(state, (value) => {
        const clean = mergeCompactionState(undefined, value);
        expect(mergeCompactionState(clean, clean)).toEqual(clean);
      }),
      { numRuns: 100 },
    );
  });

  it("stays within the bounds, keeping the newest entries, however many merges", () => {
    const rule = fc.string({ minLength: 1, maxLength: 20 });
    const state = fc.record({
      constraints: fc.array(rule, { maxLength: 50 }),
      read: fc.array(rule, { maxLength: 200 }),
    });
    fc.assert(
      fc.property(fc.array(state, { minLength: 1, maxLength: 8 }), (states) => {
        let merged: CompactionState | undefined;
        for (const { constraints, read } of states) {
          merged = mergeCompactionState(merged, {
            ...empty,
            constraints,
            files: { read, changed: [] },
          });
        }
        expect(compactionStateSchema.safeParse(merged).success).toBe(true);
        const last = states.at(-1)?.constraints.at(-1);
        if (last !== undefined) expect(merged?.constraints.at(-1)).toBe(last);
        expect(merged?.files.read.length).toBeLessThanOrEqual(compactionStateLimits.files);
      }),
      { numRuns: 50 },
    );
  });
});
