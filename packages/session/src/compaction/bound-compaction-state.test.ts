import type { CompactionState } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { boundState, clip } from "./bound-compaction-state.js";

describe("boundState", () => {
  it("cuts long texts in the middle and keeps each entry once, at its newest place", () => {
    expect(clip("abcdefghij", 5)).toBe("ab…ij");
    expect(clip("abc", 5)).toBe("abc");
    const state: CompactionState = {
      version: 1,
      task: "x".repeat(2_500),
      constraints: ["a", "b", "a"],
      decisions: [],
      pendingCalls: [
        { callId: "c1", tool: "shell", arguments: "1" },
        { callId: "c1", tool: "shell", arguments: "2" },
        { callId: " ", tool: "shell", arguments: "3" },
      ],
      agents: [],
      todos: [],
      files: { read: ["src/a.ts", "src/b.ts", ""], changed: ["src/a.ts"] },
    };
    const bounded = boundState(state);
    expect(bounded.task).toHaveLength(2_000);
    expect(bounded.constraints).toEqual(["b", "a"]);
    expect(bounded.pendingCalls).toEqual([{ callId: "c1", tool: "shell", arguments: "2" }]);
    expect(bounded.files).toEqual({ read: ["src/b.ts"], changed: ["src/a.ts"] });
  });
});
