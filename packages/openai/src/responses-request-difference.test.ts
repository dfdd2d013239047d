import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { responsesRequestDifference } from "./responses-request-difference.js";
import { toResponsesParams } from "./to-responses-params.js";

const user = (text: string): ResponseItem => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});
const call: ResponseItem = { type: "function_call", call_id: "c1", name: "shell", arguments: "{}" };
const output = (text: string): ResponseItem => ({
  type: "function_call_output",
  call_id: "c1",
  output: text,
});
const tools = [{ type: "function", name: "shell", parameters: {}, strict: false }];

/** The body the client sends, kept as the adapter's README says. */
function body(input: readonly ResponseItem[], tool = tools) {
  const params = toResponsesParams({ instructions: "Be brief.", input });
  return { model: "gpt-5.6-sol", tools: tool, ...params, input: [...params.input] };
}

describe("responsesRequestDifference", () => {
  it("names the input item where a rewritten history parts, at its byte", () => {
    const previous = body([user("Run it."), call, output("ok: 3 files")]);
    const next = body([user("Run it."), call, output("ok: 4 files")]);
    const difference = responsesRequestDifference(previous, next);
    const offset = Buffer.byteLength(
      JSON.stringify(next).slice(0, JSON.stringify(next).indexOf("4 files")),
    );
    expect(difference).toMatchObject({ offset, part: "input item 2 (function_call_output)" });
  });

  it("names the tools when they change ahead of the input, and nothing once the input only grows", () => {
    const input = [user("Run it.")];
    const renamed = tools.map((tool) => ({ ...tool, name: "bash" }));
    expect(responsesRequestDifference(body(input), body(input, renamed))?.part).toBe(
      "tool 0 (function)",
    );
    const grown = responsesRequestDifference(body(input), body([...input, call]));
    expect(grown).toMatchObject({ part: "input item 1 (function_call)", previous: "]" });
  });
});
