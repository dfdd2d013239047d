import type { MessageParam } from "@anthropic-ai/sdk/resources/messages/messages";
import { describe, expect, it } from "vitest";
import { withBreakpoint } from "./cache-breakpoints.js";

const mark = { type: "ephemeral" } as const;
const calls = (count: number): MessageParam => ({
  role: "assistant",
  content: Array.from({ length: count }, (_, index) => ({
    type: "tool_use" as const,
    id: `c${index}`,
    name: "shell",
    input: {},
  })),
});
const markedAt = (message: MessageParam): number[] =>
  typeof message.content === "string"
    ? []
    : message.content.flatMap((block, index) =>
        "cache_control" in block && block.cache_control ? [index] : [],
      );

describe("withBreakpoint", () => {
  it("marks the last message on its last block, and the one before within reach of the previous request", () => {
    expect(markedAt(withBreakpoint(calls(30), mark, 1))).toEqual([29]);
    expect(markedAt(withBreakpoint(calls(30), mark, 2))).toEqual([18]);
    expect(markedAt(withBreakpoint(calls(5), mark, 2))).toEqual([4]);
  });

  it("puts no breakpoint on a thinking block", () => {
    const thinking: MessageParam = {
      role: "assistant",
      content: [
        { type: "text", text: "a" },
        { type: "thinking", thinking: "b", signature: "s" },
      ],
    };
    expect(markedAt(withBreakpoint(thinking, mark, 1))).toEqual([0]);
  });
});
