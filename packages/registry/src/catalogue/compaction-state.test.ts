import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createStandardRegistry } from "../create-standard-registry.js";
import {
  type CompactionState,
  compactionState,
  compactionStateSchema,
  emptyCompactionState,
} from "./compaction-state.js";

const registry = createStandardRegistry();

const pathText = fc.string({ minLength: 1, maxLength: 40 });
const stateArbitrary: fc.Arbitrary<CompactionState> = fc.record({
  version: fc.constant(1 as const),
  task: fc.string({ maxLength: 60 }),
  constraints: fc.array(fc.string({ maxLength: 60 }), { maxLength: 4 }),
  decisions: fc.array(fc.string({ maxLength: 60 }), { maxLength: 4 }),
  pendingCalls: fc.array(
    fc.record({ callId: pathText, tool: pathText, arguments: fc.string({ maxLength: 60 }) }),
    { maxLength: 3 },
  ),
  agents: fc.array(fc.record({ id: pathText, task: fc.string({ maxLength: 60 }) }), {
    maxLength: 3,
  }),
  todos: fc.array(
    fc.record({
      text: fc.string({ minLength: 1, maxLength: 40 }),
      status: fc.constantFrom("open" as const, "in_progress" as const, "done" as const),
    }),
    { maxLength: 3 },
  ),
  files: fc.record({
    read: fc.array(pathText, { maxLength: 4 }),
    changed: fc.array(pathText, { maxLength: 4 }),
  }),
});

describe("emptyCompactionState", () => {
  it("keeps nothing, fits the schema, and is a new object each time", () => {
    const empty = emptyCompactionState();
    expect(compactionStateSchema.parse(empty)).toEqual(empty);
    expect(empty.task).toBeUndefined();
    empty.constraints.push("Never push to main.");
    expect(emptyCompactionState().constraints).toEqual([]);
  });
});

describe("compactionState", () => {
  it("is in the standard catalogue, recognised as itself and by no other kind", () => {
    expect(registry.get("compaction_state")).toBe(compactionState);
    const [example] = compactionState.examples;
    if (example === undefined) throw new Error("the kind has an example");
    const text = compactionState.create(example).render();
    expect(text.startsWith("<compaction_state>\n")).toBe(true);
    expect(registry.classify("user", text)?.type).toBe("compaction_state");
    expect(registry.classify("developer", text)).toBeUndefined();
  });

  it("gives back the state it rendered, whatever its texts hold (markers included)", () => {
    const hostile = fc.constantFrom("</compaction_state>", "<compaction_state>", "</skill>", "\n");
    fc.assert(
      fc.property(stateArbitrary, hostile, (state, marker) => {
        const planted = { ...state, constraints: [...state.constraints, `a${marker}b`] };
        const text = compactionState.create(planted).render();
        expect(text.indexOf("</compaction_state>")).toBe(
          text.length - "</compaction_state>".length,
        );
        expect(registry.classify("user", text)?.type).toBe("compaction_state");
        expect(compactionState.parse(text)).toEqual(planted);
      }),
      { numRuns: 60 },
    );
  });

  it("refuses a state past its bounds or of another version", () => {
    const [example] = compactionState.examples;
    expect(compactionStateSchema.safeParse({ ...example, version: 2 }).success).toBe(false);
    const many = Array.from({ length: 51 }, (_, index) => `rule ${index}`);
    expect(compactionStateSchema.safeParse({ ...example, constraints: many }).success).toBe(false);
    expect(compactionStateSchema.safeParse({ ...example, task: "x".repeat(2_001) }).success).toBe(
      false,
    );
  });
});
