import type { ResponseItem } from "@ctx/protocol";
import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import { describe, expect, it } from "vitest";
import { OpenAIAdapterError } from "./openai-adapter-error.js";
import { toChatCompletionsParams } from "./to-chat-completions-params.js";

const conversation: ResponseItem[] = [
  { type: "message", role: "developer", content: [{ type: "input_text", text: "<ctx>" }] },
  {
    type: "message",
    role: "user",
    content: [
      { type: "input_text", text: "Look." },
      { type: "input_image", image_url: "data:image/png;base64,AAAA", detail: "low" },
    ],
  },
  { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "gAAA" },
  { type: "message", role: "assistant", content: [{ type: "output_text", text: "Running." }] },
  { type: "function_call", call_id: "c1", name: "shell", arguments: '{"command":["ls"]}' },
  { type: "custom_tool_call", call_id: "c2", name: "apply_patch", input: "*** Begin Patch" },
  { type: "function_call_output", call_id: "c1", output: "a\nb" },
  { type: "custom_tool_call_output", call_id: "c2", output: [{ type: "input_text", text: "ok" }] },
  { type: "message", role: "system", content: [{ type: "input_text", text: "Note." }] },
];

describe("toChatCompletionsParams", () => {
  it("joins an assistant message and its tool calls, and leaves reasoning out", () => {
    expect(toChatCompletionsParams({ instructions: "Be brief.", input: conversation })).toEqual({
      messages: [
        { role: "developer", content: [{ type: "text", text: "Be brief." }] },
        { role: "developer", content: [{ type: "text", text: "<ctx>" }] },
        {
          role: "user",
          content: [
            { type: "text", text: "Look." },
            { type: "image_url", image_url: { url: "data:image/png;base64,AAAA", detail: "low" } },
          ],
        },
        {
          role: "assistant",
          content: [{ type: "text", text: "Running." }],
          tool_calls: [
            {
              id: "c1",
              type: "function",
              function: { name: "shell", arguments: '{"command":["ls"]}' },
            },
            { id: "c2", type: "custom", custom: { name: "apply_patch", input: "*** Begin Patch" } },
          ],
        },
        { role: "tool", tool_call_id: "c1", content: "a\nb" },
        { role: "tool", tool_call_id: "c2", content: [{ type: "text", text: "ok" }] },
        { role: "system", content: [{ type: "text", text: "Note." }] },
      ],
    });
  });

  it("sends developer text as system messages when asked, and the cache key", () => {
    const params = toChatCompletionsParams(
      { instructions: "Be brief.", input: conversation.slice(0, 1) },
      { developerRole: "system", promptCacheKey: "s1" },
    );
    expect(params.messages.map((message) => message.role)).toEqual(["system", "system"]);
    expect(params.prompt_cache_key).toBe("s1");
  });

  it("starts a new assistant message after the tool outputs", () => {
    const input: ResponseItem[] = [
      { type: "function_call", call_id: "c1", name: "shell", arguments: "{}" },
      { type: "function_call_output", call_id: "c1", output: "x" },
      { type: "function_call", call_id: "c2", name: "shell", arguments: "{}" },
    ];
    const roles = toChatCompletionsParams({ instructions: "", input }).messages.map(
      (message) => message.role,
    );
    expect(roles).toEqual(["developer", "assistant", "tool", "assistant"]);
  });

  it.each<[string, ResponseItem, RegExp]>([
    ["a compaction item", { type: "compaction", encrypted_content: "x" }, /compaction item/],
    [
      "an image given by file id",
      { type: "message", role: "user", content: [{ type: "input_image", file_id: "f" }] },
      /file id/,
    ],
    [
      "an image in a developer message",
      { type: "message", role: "developer", content: [{ type: "input_image", image_url: "u" }] },
      /developer message with an image/,
    ],
    [
      "an image in a tool output",
      {
        type: "function_call_output",
        call_id: "c",
        output: [{ type: "input_image", image_url: "u" }],
      },
      /tool output with an image/,
    ],
  ])("refuses %s, naming the item", (_name, item, message) => {
    let caught: unknown;
    try {
      toChatCompletionsParams({ instructions: "", input: [item] });
    } catch (error) {
      caught = error;
    }
    expect(OpenAIAdapterError.isInstance(caught)).toBe(true);
    expect((caught as OpenAIAdapterError).message).toMatch(message);
    expect((caught as OpenAIAdapterError).index).toBe(0);
  });

  it("refuses a bad role option", () => {
    expect(() =>
      // @ts-expect-error: not a role Chat Completions has for instructions.
      toChatCompletionsParams({ instructions: "", input: [] }, { developerRole: "user" }),
    ).toThrowError(/developerRole/);
  });

  it("fits the SDK's own parameter types", () => {
    const params = toChatCompletionsParams({ instructions: "", input: conversation });
    const body: ChatCompletionCreateParamsStreaming = { model: "m", stream: true, ...params };
    expect(body.messages).toBe(params.messages);
  });
});
