import { AdapterError, type ModelAnswer, type ResponseItem } from "@ctx/protocol";
import fc from "fast-check";
import type { Response } from "openai/resources/responses/responses";
import { describe, expect, expectTypeOf, it } from "vitest";
import { fromResponse } from "./from-response.js";
import { toResponsesParams } from "./to-responses-params.js";

/** An item of the session's history as the Responses API returns it in `output`. */
function asOutput(item: ResponseItem): Record<string, unknown> {
  switch (item.type) {
    case "message":
      return {
        ...item,
        status: "completed",
        content: item.content.map((part) => ({ ...part, annotations: [], logprobs: [] })),
      };
    case "function_call":
    case "custom_tool_call":
    case "reasoning":
      return { ...item, status: "completed" };
    default:
      return { ...item };
  }
}

const text = fc.string({ maxLength: 20 });
const id = (prefix: string) => fc.stringMatching(/^[a-z0-9]{1,8}$/).map((tail) => prefix + tail);

/** The items a model produces, in the form the session records them. */
const modelItem: fc.Arbitrary<ResponseItem> = fc.oneof(
  fc.record({
    type: fc.constant("message" as const),
    id: id("msg_"),
    role: fc.constant("assistant" as const),
    content: fc.array(fc.record({ type: fc.constant("output_text" as const), text }), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
  fc.record({
    type: fc.constant("function_call" as const),
    id: id("fc_"),
    call_id: id("call_"),
    name: fc.constantFrom("shell", "read_file"),
    arguments: fc.jsonValue().map((value) => JSON.stringify({ value })),
  }),
  fc.record({
    type: fc.constant("custom_tool_call" as const),
    id: id("ctc_"),
    call_id: id("call_"),
    name: fc.constant("apply_patch"),
    input: text,
  }),
  fc.record(
    {
      type: fc.constant("reasoning" as const),
      id: id("rs_"),
      summary: fc.array(fc.record({ type: fc.constant("summary_text" as const), text }), {
        maxLength: 2,
      }),
      content: fc.array(fc.record({ type: fc.constant("reasoning_text" as const), text }), {
        maxLength: 2,
      }),
      encrypted_content: fc.base64String({ minLength: 4, maxLength: 16 }),
    },
    { requiredKeys: ["type", "id", "summary"] },
  ),
);

describe("fromResponse", () => {
  it("maps every output item a model produces to the item the session records", () => {
    const output = [
      {
        type: "reasoning",
        id: "rs_1",
        summary: [{ type: "summary_text", text: "Check the tests first." }],
        encrypted_content: "gAAAA",
        status: "completed",
      },
      {
        type: "message",
        id: "msg_1",
        role: "assistant",
        status: "completed",
        phase: "commentary",
        content: [{ type: "output_text", text: "Running them.", annotations: [] }],
      },
      {
        type: "function_call",
        id: "fc_1",
        call_id: "call_1",
        name: "shell",
        arguments: '{"command":["npm","test"]}',
        status: "completed",
      },
      {
        type: "custom_tool_call",
        id: "ctc_1",
        call_id: "call_2",
        name: "apply_patch",
        input: "*** Begin Patch",
      },
      {
        type: "message",
        id: "msg_2",
        role: "assistant",
        status: "completed",
        content: [{ type: "refusal", refusal: "I cannot run that." }],
      },
    ];
    const answer = fromResponse({ output, usage: null } as unknown as Response);
    expect(answer.items).toEqual([
      {
        type: "reasoning",
        id: "rs_1",
        summary: [{ type: "summary_text", text: "Check the tests first." }],
        encrypted_content: "gAAAA",
      },
      {
        type: "message",
        id: "msg_1",
        role: "assistant",
        phase: "commentary",
        content: [{ type: "output_text", text: "Running them." }],
      },
      {
        type: "function_call",
        id: "fc_1",
        call_id: "call_1",
        name: "shell",
        arguments: '{"command":["npm","test"]}',
      },
      {
        type: "custom_tool_call",
        id: "ctc_1",
        call_id: "call_2",
        name: "apply_patch",
        input: "*** Begin Patch",
      },
      {
        type: "message",
        id: "msg_2",
        role: "assistant",
        content: [{ type: "output_text", text: "I cannot run that." }],
      },
    ]);
    expect(answer.usage).toBeUndefined();
    expect(answer.ending).toBe("refused");
    expect(answer.warnings?.map((warning) => warning.code)).toEqual(["incomplete-response"]);
  });

  it("gives back the history it was answered with, and the next request sends it as it came", () => {
    // One call id per call: an answer that repeats one is refused (a test of its own).
    const answerItems = fc.uniqueArray(modelItem, {
      maxLength: 6,
      selector: (item) => ("call_id" in item ? item.call_id : Symbol()),
    });
    fc.assert(
      fc.property(answerItems, (items) => {
        const output = items.map(asOutput);
        const mapped = fromResponse({ output, usage: null } as unknown as Response).items;
        expect(mapped).toEqual(items);
        const sent = toResponsesParams({ instructions: "", input: mapped }).input;
        const expected = items.map((item) =>
          item.type === "message"
            ? {
                type: "message",
                role: "assistant",
                content: item.content.map((part) => ("text" in part ? part.text : "")).join(""),
              }
            : item,
        );
        expect(sent).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it("leaves out a hosted tool's item with a warning, and warns of arguments that are not JSON", () => {
    const output = [
      { type: "web_search_call", id: "ws_1", status: "completed", action: { type: "search" } },
      {
        type: "function_call",
        call_id: "call_1",
        name: "shell",
        arguments: '{"command":',
      },
    ];
    const answer = fromResponse({ output, usage: null } as unknown as Response);
    expect(answer.items).toEqual([
      { type: "function_call", call_id: "call_1", name: "shell", arguments: '{"command":' },
    ]);
    expect(answer.warnings?.map((warning) => warning.code)).toEqual([
      "unknown-output-item",
      "tool-arguments-not-json",
    ]);
    expect(answer.warnings?.[0]?.message).toContain("response.output[0] is a web_search_call item");
    expect(answer.warnings?.[1]?.message).toContain("call call_1 of shell");
  });

  it("reads the usage in the one shape", () => {
    const usage = {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 80 },
      output_tokens: 5,
      output_tokens_details: { reasoning_tokens: 2 },
      total_tokens: 105,
    };
    expect(fromResponse({ output: [], usage } as unknown as Response).usage).toEqual({
      totalTokens: 105,
      inputTokens: 100,
      cachedInputTokens: 80,
      outputTokens: 5,
      reasoningTokens: 2,
    });
  });

  it("throws an AdapterError coded invalid-answer for a malformed item, mapping nothing", () => {
    const output = [
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Hi." }] },
      { type: "function_call", name: "shell", arguments: "{}" },
    ];
    let thrown: unknown;
    try {
      fromResponse({ output, usage: null } as unknown as Response);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AdapterError);
    expect(thrown).toMatchObject({ code: "invalid-answer", index: 1 });
    expect(String(thrown)).toContain("response.output[1] is not valid: call_id");
  });

  it("names the response when it is not one", () => {
    // @ts-expect-error: a response is an object.
    expect(() => fromResponse("response")).toThrow(/^invalid response/);
    // @ts-expect-error: a response has an output.
    expect(() => fromResponse({})).toThrow(expect.objectContaining({ code: "invalid-argument" }));
  });

  it("takes the SDK's Response and returns the session's ModelAnswer", () => {
    expectTypeOf<Response>().toExtend<Parameters<typeof fromResponse>[0]>();
    expectTypeOf(fromResponse).returns.toEqualTypeOf<ModelAnswer>();
  });
});
