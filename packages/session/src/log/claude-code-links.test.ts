import { describe, expect, it } from "vitest";
import { linksOf } from "./claude-code-links.js";
import type { ClaudeCodeRecord } from "./claude-code-record.js";

const typed: ClaudeCodeRecord = {
  type: "user",
  thread: undefined,
  facts: undefined,
  blocks: [{ type: "text", author: "user", kind: "user_intent", text: "Again." }],
};
const result: ClaudeCodeRecord = {
  type: "user",
  thread: undefined,
  facts: undefined,
  blocks: [{ type: "tool_result", toolUseId: "t1", isError: false, parts: [] }],
};

describe("linksOf", () => {
  it("tells a rewind by the person's message answering an earlier record", () => {
    expect(linksOf(typed, { uuid: "u9", parentUuid: "u2" }, "u8")).toEqual({
      uuid: "u9",
      rewindsTo: "u2",
    });
    expect(linksOf(typed, { uuid: "u9", parentUuid: null }, "u8").rewindsTo).toBeNull();
    expect(linksOf(typed, { uuid: "u9", parentUuid: "u8" }, "u8").rewindsTo).toBeUndefined();
    // The file's first record, and a tool's result hanging off its own call, are no rewinds.
    expect(linksOf(typed, { uuid: "u1", parentUuid: "x" }, undefined).rewindsTo).toBeUndefined();
    expect(linksOf(result, { uuid: "r", parentUuid: "u2" }, "u8").rewindsTo).toBeUndefined();
    expect(linksOf(typed, [1], "u8")).toEqual({ uuid: undefined, rewindsTo: undefined });
  });
});
