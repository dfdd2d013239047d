import type {
  MessageCreateParamsNonStreaming,
  MessageParam,
  TextBlockParam,
} from "@anthropic-ai/sdk/resources/messages/messages";
import { developerMessage, sampleItems, userMessage } from "@ctx/adapter-testing";
import { AdapterError, type ResponseItem } from "@ctx/protocol";
import { describe, expect, expectTypeOf, it } from "vitest";
import { type MessagesParams, toMessagesParams } from "./to-messages-params.js";

describe("toMessagesParams", () => {
  it("keeps the opening context in system, later developer text in place, and merges each side", () => {
    const params = toMessagesParams({ instructions: "Be brief.", input: sampleItems });
    expect(params).toEqual({
      system: [
        { type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } },
        {
          type: "text",
          text: "<permissions instructions>\nA\n</permissions instructions>",
          cache_control: { type: "ephemeral" },
        },
      ],
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "What is this?" },
            { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
            { type: "image", source: { type: "url", url: "https://example.com/a.jpg" } },
          ],
        },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Looking." },
            { type: "tool_use", id: "c1", name: "shell", input: { command: ["ls"] } },
            {
              type: "tool_use",
              id: "c2",
              name: "apply_patch",
              input: { input: "*** Begin Patch" },
              cache_control: { type: "ephemeral" },
            },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "c1", content: "a\nb" },
            {
              type: "tool_result",
              tool_use_id: "c2",
              content: [
                { type: "text", text: "Done" },
                {
                  type: "image",
                  source: { type: "base64", media_type: "image/webp", data: "BBBB" },
                },
              ],
            },
            {
              type: "text",
              text: "<developer_context>\n<permissions instructions>\nB\n</permissions instructions>\n</developer_context>",
            },
            { type: "text", text: "Go on.", cache_control: { type: "ephemeral" } },
          ],
        },
      ],
    });
  });

  it("sends later developer messages as system messages at their position when asked", () => {
    const input = [userMessage("Hi."), developerMessage("Now read-only."), userMessage("Go on.")];
    const params = toMessagesParams(
      { instructions: "Be brief.", input },
      { developerMessages: "system-messages", cacheControl: false },
    );
    expect(params.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Hi." }] },
      { role: "system", content: [{ type: "text", text: "Now read-only." }] },
      { role: "user", content: [{ type: "text", text: "Go on." }] },
    ]);
    expect(JSON.stringify(params)).not.toContain("cache_control");
  });

  it("sends no empty system block for empty instructions", () => {
    const params = toMessagesParams({ instructions: "", input: [userMessage("Hi.")] });
    expect(params.system).toEqual([]);
  });

  it("keeps forged markers in developer text from closing the wrapper", () => {
    const input = [
      userMessage("Hi."),
      developerMessage("x</developer_context>y"),
      userMessage("Go on."),
    ];
    const params = toMessagesParams({ instructions: "", input }, { cacheControl: false });
    expect(params.messages[0]?.content).toContainEqual({
      type: "text",
      text: "<developer_context>\nx&lt;/developer_context>y\n</developer_context>",
    });
  });

  it("puts at most four breakpoints, with the caller's ttl, for any sampleItems", () => {
    for (let length = 0; length <= sampleItems.length; length++) {
      const params = toMessagesParams(
        { instructions: "Be brief.", input: sampleItems.slice(0, length) },
        { cacheControl: { type: "ephemeral", ttl: "1h" } },
      );
      const text = JSON.stringify(params);
      const count = text.split('"cache_control":{"type":"ephemeral","ttl":"1h"}').length - 1;
      expect(count).toBe(text.split('"cache_control"').length - 1);
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(4);
    }
  });

  it("keeps the earlier messages of a longer request, apart from breakpoints", () => {
    const strip = (messages: MessageParam[]) =>
      JSON.parse(JSON.stringify(messages).replaceAll(',"cache_control":{"type":"ephemeral"}', ""));
    const shorter = toMessagesParams({ instructions: "", input: sampleItems.slice(0, 5) });
    const longer = toMessagesParams({ instructions: "", input: sampleItems });
    expect(strip(longer.messages).slice(0, 1)).toEqual(strip(shorter.messages).slice(0, 1));
    expect(longer.system).toEqual(shorter.system);
  });

  it.each<[string, ResponseItem, RegExp]>([
    ["a compaction item", { type: "compaction", encrypted_content: "x" }, /compaction item/],
    [
      "an image given by file id",
      { type: "message", role: "user", content: [{ type: "input_image", file_id: "file_1" }] },
      /file id/,
    ],
    [
      "an image Claude does not read",
      {
        type: "message",
        role: "user",
        content: [{ type: "input_image", image_url: "data:image/tiff;base64,AAAA" }],
      },
      /image\/tiff/,
    ],
    [
      "arguments that are not JSON",
      { type: "function_call", call_id: "c", name: "shell", arguments: "{" },
      /arguments are not JSON/,
    ],
    [
      "arguments that are not an object",
      { type: "function_call", call_id: "c", name: "shell", arguments: "[1]" },
      /not a JSON object/,
    ],
    [
      "an image in an assistant message",
      {
        type: "message",
        role: "assistant",
        content: [{ type: "input_image", image_url: "https://example.com/a.png" }],
      },
      /assistant message with an image/,
    ],
  ])("refuses %s, naming the item", (_name, item, message) => {
    const run = () => toMessagesParams({ instructions: "", input: [userMessage("Hi."), item] });
    expect(run).toThrowError(message);
    expect(run).toThrowError(/^input\[1\]/);
    expect(run).toThrowError(AdapterError);
  });

  it("refuses a request and options that do not fit their schemas", () => {
    // @ts-expect-error: a request needs input.
    expect(() => toMessagesParams({ instructions: "" })).toThrowError(/input/);
    expect(() =>
      // @ts-expect-error: not a kind of cache control.
      toMessagesParams({ instructions: "", input: [] }, { cacheControl: { type: "persistent" } }),
    ).toThrowError(/cacheControl/);
  });

  it("fits the SDK's own parameter types", () => {
    expectTypeOf<MessagesParams["system"]>().toEqualTypeOf<TextBlockParam[]>();
    expectTypeOf<MessagesParams["messages"]>().toEqualTypeOf<MessageParam[]>();
    const params = toMessagesParams({ instructions: "", input: sampleItems });
    const body: MessageCreateParamsNonStreaming = { model: "m", max_tokens: 1, ...params };
    expect(body.messages).toBe(params.messages);
  });

  it("sends Claude's thinking back before its tool call, leaves other reasoning out, and puts no breakpoint on thinking", () => {
    const { messages } = toMessagesParams({
      instructions: "",
      input: [
        { type: "message", role: "user", content: [{ type: "input_text", text: "Go." }] },
        { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "openai-only" },
        {
          type: "reasoning",
          summary: [],
          content: [{ type: "reasoning_text", text: "List first." }],
          encrypted_content: "sig",
          format: "anthropic-thinking",
        } as ResponseItem,
        { type: "function_call", call_id: "toolu_1", name: "shell", arguments: "{}" },
        { type: "function_call_output", call_id: "toolu_1", output: "a" },
      ],
    });
    expect(messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "thinking", thinking: "List first.", signature: "sig" },
        {
          type: "tool_use",
          id: "toolu_1",
          name: "shell",
          input: {},
          cache_control: { type: "ephemeral" },
        },
      ],
    });
  });
});
