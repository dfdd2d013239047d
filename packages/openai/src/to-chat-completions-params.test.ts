import { sampleItems } from "@ctx/adapter-testing";
import { AdapterError, type ResponseItem } from "@ctx/protocol";
import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import { describe, expect, it } from "vitest";
import { textOnlyItems } from "./__fixtures__/text-only-items.js";
import { toChatCompletionsParams } from "./to-chat-completions-params.js";

describe("toChatCompletionsParams", () => {
  it("joins an assistant message and its tool calls, and leaves reasoning out", () => {
    const system: ResponseItem = {
      type: "message",
      role: "system",
      content: [{ type: "input_text", text: "Note." }],
    };
    const text = (value: string) => ({ type: "text", text: value });
    expect(
      toChatCompletionsParams({ instructions: "Be brief.", input: [...textOnlyItems, system] }),
    ).toEqual({
      messages: [
        { role: "developer", content: [text("Be brief.")] },
        {
          role: "developer",
          content: [text("<permissions instructions>\nA\n</permissions instructions>")],
        },
        {
          role: "user",
          content: [
            text("What is this?"),
            { type: "image_url", image_url: { url: "data:image/png;base64,AAAA", detail: "low" } },
            { type: "image_url", image_url: { url: "https://example.com/a.jpg" } },
          ],
        },
        {
          role: "assistant",
          content: [text("Looking.")],
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
        { role: "tool", tool_call_id: "c2", content: [text("Done")] },
        {
          role: "developer",
          content: [text("<permissions instructions>\nB\n</permissions instructions>")],
        },
        { role: "user", content: [text("Go on.")] },
        { role: "system", content: [text("Note.")] },
      ],
    });
  });

  it("sends developer text as system messages when asked, and the cache key", () => {
    const params = toChatCompletionsParams(
      { instructions: "Be brief.", input: sampleItems.slice(0, 1) },
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
    expect(AdapterError.isInstance(caught)).toBe(true);
    expect((caught as AdapterError).message).toMatch(message);
    expect((caught as AdapterError).index).toBe(0);
  });

  it("refuses a request that does not fit the schema, naming the path", () => {
    const request = { instructions: "", input: [{ type: "function_call", name: "shell" }] };
    // @ts-expect-error: the item lacks call_id and arguments.
    expect(() => toChatCompletionsParams(request)).toThrowError(/request\.input\[0\]\.call_id/);
    // @ts-expect-error: a request needs instructions.
    expect(() => toChatCompletionsParams({ input: [] })).toThrowError(/instructions/);
  });

  it("refuses a bad role option", () => {
    expect(() =>
      // @ts-expect-error: not a role Chat Completions has for instructions.
      toChatCompletionsParams({ instructions: "", input: [] }, { developerRole: "user" }),
    ).toThrowError(/developerRole/);
  });

  it("fits the SDK's own parameter types", () => {
    const params = toChatCompletionsParams({ instructions: "", input: textOnlyItems });
    const body: ChatCompletionCreateParamsStreaming = { model: "m", stream: true, ...params };
    expect(body.messages).toBe(params.messages);
  });
});
