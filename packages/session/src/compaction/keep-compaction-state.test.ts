import { emptyCompactionState } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { userTextMessage } from "../turn/parse-user-input.js";
import { keepCompactionState } from "./keep-compaction-state.js";

const empty = emptyCompactionState();

describe("keepCompactionState", () => {
  it("merges the previous state, the history's and a summarizer's, in that order", () => {
    const previous = {
      ...empty,
      task: "The first task.",
      pendingCalls: [{ callId: "c1", tool: "shell", arguments: "{}" }],
    };
    const entries = [
      { item: userTextMessage("Never use tabs."), origin: { source: "user" } as const },
      {
        item: { type: "function_call_output" as const, call_id: "c1", output: "ok" },
        origin: { source: "tool" } as const,
      },
    ];
    const given = { ...empty, task: "A summarizer's task.", decisions: ["Use spaces."] };
    expect(keepCompactionState(previous, entries, given)).toEqual({
      ...empty,
      task: "The first task.",
      constraints: ["Never use tabs."],
      decisions: ["Use spaces."],
    });
    expect(keepCompactionState(undefined, entries).task).toBe("Never use tabs.");
  });
});
