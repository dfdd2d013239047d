import type { ModelAnswer, ResponseItem } from "@ctx/protocol";
import type { GenerateTextResult, LanguageModelUsage, ModelMessage, ToolSet } from "ai";
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import { fromGenerateText } from "./from-generate-text.js";
import { toPrompt } from "./to-prompt.js";

const usage: LanguageModelUsage = {
  inputTokens: 100,
  inputTokenDetails: { noCacheTokens: 20, cacheReadTokens: 80, cacheWriteTokens: undefined },
  outputTokens: 5,
  outputTokenDetails: { textTokens: 5, reasoningTokens: undefined },
  totalTokens: 105,
};

const result = (messages: readonly ModelMessage[]) => ({ response: { messages }, usage });

const user: ResponseItem = {
  type: "message",
  role: "user",
  content: [{ type: "input_text", text: "Go." }],
};

/** `items` with each run of assistant messages joined into one. */
function joinAssistantTexts(items: readonly ResponseItem[]): ResponseItem[] {
  const joined: ResponseItem[] = [];
  for (const item of items) {
    const last = joined.at(-1);
    if (item.type === "message" && last?.type === "message" && last.role === "assistant") {
      joined[joined.length - 1] = { ...last, content: [...last.content, ...item.content] };
    } else joined.push(item);
  }
  return joined;
}

describe("fromGenerateText", () => {
  it("maps the steps' text, reasoning, tool calls and tool results to items", () => {
    const answer = fromGenerateText(
      result([
        {
          role: "assistant",
          content: [
            { type: "reasoning", text: "List the files first." },
            { type: "text", text: "Listing." },
            {
              type: "tool-call",
              toolCallId: "call_1",
              toolName: "shell",
              input: { command: ["ls"] },
            },
          ],
        },
        {
          role: "tool",
          content: [
            {
              type: "tool-result",
              toolCallId: "call_1",
              toolName: "shell",
              output: { type: "json", value: ["a", "b"] },
            },
          ],
        },
        { role: "assistant", content: "Two files." },
      ]),
    );
    expect(answer.items).toEqual([
      {
        type: "reasoning",
        summary: [],
        content: [{ type: "reasoning_text", text: "List the files first." }],
      },
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Listing." }] },
      { type: "function_call", call_id: "call_1", name: "shell", arguments: '{"command":["ls"]}' },
      { type: "function_call_output", call_id: "call_1", output: '["a","b"]' },
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "Two files." }],
      },
    ]);
    expect(answer.usage).toEqual({
      totalTokens: 105,
      inputTokens: 100,
      cachedInputTokens: 80,
      outputTokens: 5,
    });
    expect(answer.warnings).toEqual([]);
  });

  it("gives back the history whose prompt it answers with", () => {
    const callIdOf = (items: ResponseItem[]) => {
      const first = items[0];
      return first?.type === "function_call" ? first.call_id : Symbol();
    };
    const text = fc.string({ minLength: 1, maxLength: 12 });
    const step = fc.oneof(
      text.map((value): ResponseItem[] => [
        { type: "message", role: "assistant", content: [{ type: "output_text", text: value }] },
      ]),
      fc
        .record({
          id: fc.stringMatching(/^call_[a-z0-9]{1,6}$/),
          input: fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), {
            maxKeys: 3,
          }),
          output: text,
        })
        .map(({ id, input, output }): ResponseItem[] => [
          { type: "function_call", call_id: id, name: "shell", arguments: JSON.stringify(input) },
          { type: "function_call_output", call_id: id, output },
        ]),
    );
    fc.assert(
      // One id per call: an answer that repeats one is refused (a test of its own).
      fc.property(
        fc.uniqueArray(step, { minLength: 1, maxLength: 5, selector: callIdOf }),
        (steps) => {
          const history = steps.flat();
          const { messages } = toPrompt({ instructions: "", input: [user, ...history] });
          const back = fromGenerateText(
            result(JSON.parse(JSON.stringify(messages.slice(1)))),
          ).items;
          // The AI SDK's messages join adjacent assistant texts into one message.
          expect(JSON.parse(JSON.stringify(back))).toEqual(
            JSON.parse(JSON.stringify(joinAssistantTexts(history))),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it("keeps denied calls and error results as text, and warns of a part it cannot keep", () => {
    const answer = fromGenerateText(
      result([
        {
          role: "tool",
          content: [
            {
              type: "tool-result",
              toolCallId: "c1",
              toolName: "shell",
              output: { type: "execution-denied", reason: "not allowed" },
            },
            {
              type: "tool-result",
              toolCallId: "c2",
              toolName: "shell",
              output: { type: "error-text", value: "exit 1" },
            },
          ],
        },
        { role: "assistant", content: [{ type: "file", data: "AAAA", mediaType: "image/png" }] },
      ]),
    );
    expect(answer.items).toEqual([
      {
        type: "function_call_output",
        call_id: "c1",
        output: "The tool call was denied: not allowed",
      },
      { type: "function_call_output", call_id: "c2", output: "exit 1" },
    ]);
    expect(answer.warnings).toEqual([
      {
        code: "unknown-message-part",
        message:
          "response.messages[1].content[0] is a file part, which the session has no type for; it was left out",
      },
    ]);
  });

  it("throws an AdapterError coded invalid-answer for a malformed part, mapping nothing", () => {
    const broken = [
      { role: "assistant", content: [{ type: "tool-call", toolName: "shell", input: {} }] },
    ];
    expect(() => fromGenerateText(result(broken as ModelMessage[]))).toThrow(
      expect.objectContaining({
        code: "invalid-answer",
        index: 0,
        message: expect.stringContaining(
          "response.messages[0].content[0] is not valid: toolCallId",
        ),
      }),
    );
    // @ts-expect-error: a result has a response and a usage.
    expect(() => fromGenerateText({})).toThrow(
      expect.objectContaining({
        code: "invalid-argument",
        message: expect.stringMatching(/^invalid result/),
      }),
    );
  });

  it("takes generateText's result and returns the session's ModelAnswer", () => {
    expectTypeOf<GenerateTextResult<ToolSet, never, never>>().toExtend<
      Parameters<typeof fromGenerateText>[0]
    >();
    expectTypeOf(fromGenerateText).returns.toEqualTypeOf<ModelAnswer>();
  });
});
