import { emptyCompactionState } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { describeCompactionState } from "./describe-compaction-state.js";

const empty = emptyCompactionState();

describe("describeCompactionState", () => {
  it("names the task and each list that holds something, the first five of each", () => {
    expect(describeCompactionState(empty)).toBe("kept state: empty");
    const read = Array.from({ length: 7 }, (_, index) => `src/f${index}.ts`);
    expect(
      describeCompactionState({
        ...empty,
        task: "Fix the parser.",
        constraints: ["Never push to main."],
        pendingCalls: [{ callId: "c2", tool: "shell", arguments: "{}" }],
        todos: [{ text: "Changelog", status: "open" }],
        files: { read, changed: ["CHANGELOG.md"] },
      }),
    ).toBe(
      'kept state: task "Fix the parser."; 1 constraint(s); 1 pending call(s) (shell c2); 1 todo(s) (open: Changelog); 7 file(s) read (src/f0.ts, src/f1.ts, src/f2.ts, src/f3.ts, src/f4.ts, +2 more); 1 file(s) changed (CHANGELOG.md)',
    );
  });
});
