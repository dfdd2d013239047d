import { describe, expect, it } from "vitest";
import { repeatedCallId } from "./repeated-call-id.js";

const call = (id: string) => ({
  type: "function_call" as const,
  call_id: id,
  name: "shell",
  arguments: "{}",
});

describe("repeatedCallId", () => {
  it("names the first call id two calls share, and nothing when a call's output shares it", () => {
    expect(repeatedCallId([call("a"), call("b"), call("a")])).toBe("a");
    expect(
      repeatedCallId([
        call("a"),
        { type: "function_call_output", call_id: "a", output: "ok" },
        { type: "custom_tool_call", call_id: "b", name: "patch", input: "" },
      ]),
    ).toBeUndefined();
    expect(
      repeatedCallId([
        call("a"),
        { type: "custom_tool_call", call_id: "a", name: "patch", input: "" },
      ]),
    ).toBe("a");
  });
});
