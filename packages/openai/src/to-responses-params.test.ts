import { assistantMessage, countedItems, sampleItems, userMessage } from "@ctx/adapter-testing";
import { AdapterError, parseResponseItem, type ResponseItem } from "@ctx/protocol";
import type {
  ResponseCreateParamsNonStreaming,
  ResponseCreateParamsStreaming,
  ResponseInputItem,
} from "openai/resources/responses/responses";
import { describe, expect, expectTypeOf, it } from "vitest";
import { type ResponsesParams, toResponsesParams } from "./to-responses-params.js";

/** What the sample items leave out: ids, an image by file id and in a tool output, compaction. */
const moreItems: ResponseItem[] = [
  {
    type: "message",
    role: "user",
    id: "msg_a",
    content: [{ type: "input_image", file_id: "file_1", detail: "high" }],
  },
  { type: "function_call", call_id: "c3", name: "shell", arguments: "{}", id: "fc_1" },
  {
    type: "function_call_output",
    call_id: "c3",
    output: [{ type: "input_image", image_url: "https://example.com/b.png" }],
  },
  { type: "compaction", encrypted_content: "opaque" },
];

const everyItem = [...sampleItems, ...moreItems];

const inputText = (text: string) => ({ type: "input_text", text });

describe("toResponsesParams", () => {
  it("sends every item as the Responses API takes it", () => {
    const params = toResponsesParams({ instructions: "Be brief.", input: everyItem });
    expect(params).toEqual({
      instructions: "Be brief.",
      input: [
        {
          type: "message",
          role: "developer",
          content: [inputText("<permissions instructions>\nA\n</permissions instructions>")],
        },
        {
          type: "message",
          role: "user",
          content: [
            inputText("What is this?"),
            { type: "input_image", detail: "low", image_url: "data:image/png;base64,AAAA" },
            { type: "input_image", detail: "auto", image_url: "https://example.com/a.jpg" },
          ],
        },
        {
          type: "reasoning",
          id: "rs_1",
          summary: [{ type: "summary_text", text: "Look first." }],
          encrypted_content: "gAAA",
        },
        { type: "message", role: "assistant", content: "Looking." },
        { type: "function_call", call_id: "c1", name: "shell", arguments: '{"command":["ls"]}' },
        { type: "custom_tool_call", call_id: "c2", name: "apply_patch", input: "*** Begin Patch" },
        { type: "function_call_output", call_id: "c1", output: "a\nb" },
        {
          type: "custom_tool_call_output",
          call_id: "c2",
          output: [
            inputText("Done"),
            { type: "input_image", detail: "auto", image_url: "data:image/webp;base64,BBBB" },
          ],
        },
        {
          type: "message",
          role: "developer",
          content: [inputText("<permissions instructions>\nB\n</permissions instructions>")],
        },
        { type: "message", role: "user", content: [inputText("Go on.")] },
        {
          type: "message",
          role: "user",
          content: [{ type: "input_image", detail: "high", file_id: "file_1" }],
        },
        { type: "function_call", call_id: "c3", name: "shell", arguments: "{}", id: "fc_1" },
        {
          type: "function_call_output",
          call_id: "c3",
          output: [{ type: "input_image", detail: "auto", image_url: "https://example.com/b.png" }],
        },
        { type: "compaction", encrypted_content: "opaque" },
      ],
    });
  });

  it("sends an assistant message's text parts as one text", () => {
    const message: ResponseItem = {
      type: "message",
      role: "assistant",
      content: [
        { type: "output_text", text: "A cat " },
        { type: "output_text", text: "on a mat." },
      ],
    };
    expect(toResponsesParams({ instructions: "", input: [message] }).input).toEqual([
      { type: "message", role: "assistant", content: "A cat on a mat." },
    ]);
  });

  it("puts the instructions in a leading developer message when asked, as Codex 0.169 does", () => {
    const params = toResponsesParams(
      { instructions: "Be brief.", input: [] },
      { instructionsAs: "developer-message" },
    );
    expect(params).toEqual({
      input: [
        {
          type: "message",
          role: "developer",
          content: [{ type: "input_text", text: "Be brief." }],
        },
      ],
    });
  });

  it("leaves out a reasoning item without an id, which the SDK's input type cannot take", () => {
    const reasoning: ResponseItem = { type: "reasoning", summary: [], encrypted_content: "gAAA" };
    const input = [userMessage("Hi."), reasoning, assistantMessage("Hello.")];
    expect(toResponsesParams({ instructions: "", input }).input.map((item) => item.type)).toEqual([
      "message",
      "message",
    ]);
  });

  it("sends the prompt cache key it is given", () => {
    const params = toResponsesParams({ instructions: "", input: [] }, { promptCacheKey: "s1" });
    expect(params.prompt_cache_key).toBe("s1");
  });

  it("keeps the phase Codex gives an assistant message", () => {
    const message = parseResponseItem({
      type: "message",
      role: "assistant",
      phase: "commentary",
      content: [{ type: "output_text", text: "Looking." }],
    });
    expect(toResponsesParams({ instructions: "", input: [message] }).input).toEqual([
      { type: "message", role: "assistant", content: "Looking.", phase: "commentary" },
    ]);
  });

  it("ignores what a session passes through beside instructions and input", () => {
    const request = { instructions: "", input: [], warnings: [], tools: [{ name: "shell" }] };
    expect(toResponsesParams(request)).toEqual({ instructions: "", input: [] });
  });

  it.each<[string, ResponseItem, RegExp]>([
    [
      "output_text in a user message",
      { type: "message", role: "user", content: [{ type: "output_text", text: "x" }] },
      /input\[0\] is a user message with output_text content/,
    ],
    [
      "an image in an assistant message",
      {
        type: "message",
        role: "assistant",
        content: [{ type: "input_image", image_url: "https://example.com/a.png" }],
      },
      /input\[0\] is an assistant message with an image/,
    ],
  ])("refuses %s, naming the item", (_name, item, message) => {
    const run = () => toResponsesParams({ instructions: "", input: [item] });
    expect(run).toThrowError(message);
    expect(run).toThrowError(AdapterError);
  });

  it("converts only the items a request adds to the previous one, and gives the same results", () => {
    const counted = countedItems(everyItem.filter((item) => item.type !== "compaction"));
    const all = counted.items;
    const first = toResponsesParams({ instructions: "", input: all.slice(0, -2) });
    // Copied: the next mapping of this history appends to the array it returned.
    const firstInput = [...first.input];
    expect(counted.reads().every((reads, index) => index < all.length - 2 === reads > 0)).toBe(
      true,
    );
    counted.reset();
    const second = toResponsesParams({ instructions: "", input: all });
    expect(counted.reads().map((reads) => reads > 0)).toEqual(
      all.map((_, index) => index >= all.length - 2),
    );
    expect(second.input).toBe(first.input);
    expect(second.input.slice(0, firstInput.length)).toEqual(firstInput);
    expect(second.input[0]).toBe(firstInput[0]);
    expect(Object.isFrozen(second.input.at(-1))).toBe(true);
    expect(second).toEqual(
      toResponsesParams({ instructions: "", input: JSON.parse(JSON.stringify(all)) }),
    );
  });

  it("refuses a request that does not fit the schema, naming the path", () => {
    const request = { instructions: "", input: [{ type: "function_call", name: "shell" }] };
    // @ts-expect-error: the item lacks call_id and arguments.
    expect(() => toResponsesParams(request)).toThrowError(/input\[0\]\.call_id/);
    // @ts-expect-error: a request needs instructions.
    expect(() => toResponsesParams({ input: [] })).toThrowError(/instructions/);
  });

  it("refuses unknown and empty options", () => {
    const unknownOption = { cacheKey: "s" };
    // @ts-expect-error: no such option.
    expect(() => toResponsesParams({ instructions: "", input: [] }, unknownOption)).toThrowError(
      AdapterError,
    );
    expect(() =>
      toResponsesParams({ instructions: "", input: [] }, { promptCacheKey: "" }),
    ).toThrowError(/promptCacheKey/);
  });

  it("fits the SDK's own parameter types", () => {
    expectTypeOf<ResponsesParams["input"]>().toEqualTypeOf<ResponseInputItem[]>();
    const params = toResponsesParams({ instructions: "", input: everyItem });
    const streaming: ResponseCreateParamsStreaming = { model: "m", stream: true, ...params };
    const plain: ResponseCreateParamsNonStreaming = { model: "m", ...params };
    expect([streaming.input, plain.input]).toEqual([params.input, params.input]);
  });
});
