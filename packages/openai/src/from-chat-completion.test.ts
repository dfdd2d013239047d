import type { ModelAnswer } from "@ctx/protocol";
import type { ChatCompletion } from "openai/resources/chat/completions";
import { describe, expect, expectTypeOf, it } from "vitest";
import { fromChatCompletion } from "./from-chat-completion.js";
import { toChatCompletionsParams } from "./to-chat-completions-params.js";

/** A completion of one choice holding `message`. */
function completion(message: object, choices = 1): ChatCompletion {
  const choice = {
    index: 0,
    message: { role: "assistant", refusal: null, ...message },
    finish_reason: "stop",
    logprobs: null,
  };
  return {
    id: "chatcmpl_1",
    object: "chat.completion",
    created: 1764547200,
    model: "gpt-test",
    choices: Array(choices).fill(choice),
    usage: { prompt_tokens: 100, completion_tokens: 5, total_tokens: 105 },
  } as ChatCompletion;
}

describe("fromChatCompletion", () => {
  it("maps the assistant's text and its function and custom tool calls, which the next request sends back", () => {
    const answer = fromChatCompletion(
      completion({
        content: "Let me look.",
        tool_calls: [
          {
            id: "call_1",
            type: "function",
            function: { name: "shell", arguments: '{"command":["ls"]}' },
          },
          {
            id: "call_2",
            type: "custom",
            custom: { name: "apply_patch", input: "*** Begin Patch" },
          },
        ],
      }),
    );
    expect(answer.items).toEqual([
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "Let me look." }],
      },
      { type: "function_call", call_id: "call_1", name: "shell", arguments: '{"command":["ls"]}' },
      {
        type: "custom_tool_call",
        call_id: "call_2",
        name: "apply_patch",
        input: "*** Begin Patch",
      },
    ]);
    expect(answer.usage).toEqual({ totalTokens: 105, inputTokens: 100, outputTokens: 5 });
    const sent = toChatCompletionsParams({ instructions: "", input: answer.items }).messages.at(-1);
    expect(sent).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "Let me look." }],
      tool_calls: [
        {
          id: "call_1",
          type: "function",
          function: { name: "shell", arguments: '{"command":["ls"]}' },
        },
        { id: "call_2", type: "custom", custom: { name: "apply_patch", input: "*** Begin Patch" } },
      ],
    });
  });

  it("keeps a refusal as the assistant's text and warns of other choices and broken arguments", () => {
    const answer = fromChatCompletion(
      completion(
        {
          content: null,
          refusal: "I cannot.",
          tool_calls: [
            { id: "call_1", type: "function", function: { name: "shell", arguments: "{" } },
          ],
        },
        2,
      ),
    );
    expect(answer.items[0]).toEqual({
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "I cannot." }],
    });
    expect(answer.ending).toBe("refused");
    expect(answer.warnings?.map((warning) => warning.code)).toEqual([
      "other-choices",
      "tool-arguments-not-json",
      "incomplete-response",
    ]);
  });

  it("throws a typed error for an answer without a choice or with a malformed call", () => {
    expect(() => fromChatCompletion({ choices: [] } as unknown as ChatCompletion)).toThrow(
      expect.objectContaining({
        code: "invalid-answer",
        message: expect.stringContaining("completion.choices is empty"),
      }),
    );
    const broken = completion({
      content: null,
      tool_calls: [{ id: "call_1", type: "function", function: { name: "shell" } }],
    });
    expect(() => fromChatCompletion(broken)).toThrow(
      expect.objectContaining({
        code: "invalid-answer",
        index: 0,
        message: expect.stringContaining("tool_calls[0]"),
      }),
    );
    // @ts-expect-error: a completion is an object.
    expect(() => fromChatCompletion(null)).toThrow(/^invalid completion/);
  });

  it("takes the SDK's ChatCompletion and returns the session's ModelAnswer", () => {
    expectTypeOf<ChatCompletion>().toExtend<Parameters<typeof fromChatCompletion>[0]>();
    expectTypeOf(fromChatCompletion).returns.toEqualTypeOf<ModelAnswer>();
  });
});
