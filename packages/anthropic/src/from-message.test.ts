import type { Message } from "@anthropic-ai/sdk/resources/messages/messages";
import type { ModelAnswer } from "@ctx/protocol";
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import { fromMessage } from "./from-message.js";
import { toMessagesParams } from "./to-messages-params.js";

const usage = { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 90 };

/** A message of `content`, typed as the SDK returns it. */
const message = (content: readonly object[]) => ({ content, usage }) as unknown as Message;

const webSearch = {
  type: "server_tool_use",
  id: "srvtoolu_1",
  name: "web_search",
  input: { query: "vitest pool" },
};
const webSearchResult = {
  type: "web_search_tool_result",
  tool_use_id: "srvtoolu_1",
  content: [
    {
      type: "web_search_result",
      url: "https://vitest.dev",
      title: "Vitest",
      encrypted_content: "e1",
    },
  ],
};

describe("fromMessage", () => {
  it("maps text, tool use, thinking, redacted thinking and a server tool's blocks to items", () => {
    const answer = fromMessage(
      message([
        { type: "thinking", thinking: "The test imports a file.", signature: "sig-1" },
        { type: "redacted_thinking", data: "opaque" },
        webSearch,
        webSearchResult,
        { type: "text", text: "It fails on ", citations: null },
        { type: "text", text: "an import.", citations: null },
        { type: "tool_use", id: "toolu_1", name: "shell", input: { command: ["npm", "test"] } },
      ]),
    );
    expect(answer.items).toEqual([
      {
        type: "reasoning",
        summary: [],
        format: "anthropic-thinking",
        content: [{ type: "reasoning_text", text: "The test imports a file." }],
        encrypted_content: "sig-1",
      },
      {
        type: "reasoning",
        summary: [],
        format: "anthropic-redacted-thinking",
        encrypted_content: "opaque",
      },
      { type: "reasoning", summary: [], format: "anthropic-server-block", block: webSearch },
      { type: "reasoning", summary: [], format: "anthropic-server-block", block: webSearchResult },
      {
        type: "message",
        role: "assistant",
        content: [
          { type: "output_text", text: "It fails on " },
          { type: "output_text", text: "an import." },
        ],
      },
      {
        type: "function_call",
        call_id: "toolu_1",
        name: "shell",
        arguments: '{"command":["npm","test"]}',
      },
    ]);
    expect(answer.usage).toEqual({
      totalTokens: 105,
      inputTokens: 100,
      cachedInputTokens: 90,
      outputTokens: 5,
    });
  });

  it("sends back, in the next request, the blocks it was answered with", () => {
    const block = fc.oneof(
      fc.record({ type: fc.constant("text"), text: fc.string({ minLength: 1, maxLength: 12 }) }),
      fc.record({
        type: fc.constant("tool_use"),
        id: fc.stringMatching(/^toolu_[a-z0-9]{1,6}$/),
        name: fc.constantFrom("shell", "read_file"),
        input: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), {
          maxKeys: 3,
        }),
      }),
      fc.record({
        type: fc.constant("thinking"),
        thinking: fc.string({ maxLength: 12 }),
        signature: fc.base64String({ minLength: 4, maxLength: 12 }),
      }),
      fc.record({
        type: fc.constant("redacted_thinking"),
        data: fc.base64String({ minLength: 4, maxLength: 12 }),
      }),
      fc.constant(webSearchResult),
    );
    fc.assert(
      // One id per tool call: an answer that repeats one is refused (a test of its own).
      fc.property(
        fc.uniqueArray(block, {
          minLength: 1,
          maxLength: 6,
          selector: (each) => ("id" in each && each.type === "tool_use" ? each.id : Symbol()),
        }),
        (content) => {
          const { items } = fromMessage(message(content));
          const { messages } = toMessagesParams(
            {
              instructions: "",
              input: [
                { type: "message", role: "user", content: [{ type: "input_text", text: "Go." }] },
                ...items,
              ],
            },
            { cacheControl: false },
          );
          // JSON, as the wire carries it: -0 and 0 are one number there.
          expect(JSON.parse(JSON.stringify(messages.slice(1)))).toEqual(
            JSON.parse(JSON.stringify([{ role: "assistant", content }])),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it("leaves out a block it does not know, with a warning naming it", () => {
    const answer = fromMessage(
      message([
        { type: "hologram", data: 1 },
        { type: "text", text: "Hi." },
      ]),
    );
    expect(answer.items).toEqual([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Hi." }] },
    ]);
    expect(answer.warnings).toEqual([
      {
        code: "unknown-content-block",
        message:
          "message.content[0] is a hologram block, which the session has no type for; it was left out",
      },
    ]);
  });

  it("throws an AdapterError coded invalid-answer for a malformed block, mapping nothing", () => {
    expect(() =>
      fromMessage(
        message([
          { type: "text", text: "Hi." },
          { type: "tool_use", id: "toolu_1", name: "shell", input: "ls" },
        ]),
      ),
    ).toThrow(
      expect.objectContaining({
        code: "invalid-answer",
        index: 1,
        message: expect.stringContaining("message.content[1] is not valid: input"),
      }),
    );
    // @ts-expect-error: a message is an object.
    expect(() => fromMessage(42)).toThrow(
      expect.objectContaining({
        code: "invalid-argument",
        message: expect.stringMatching(/^invalid message/),
      }),
    );
  });

  it("takes the SDK's Message and returns the session's ModelAnswer", () => {
    expectTypeOf<Message>().toExtend<Parameters<typeof fromMessage>[0]>();
    expectTypeOf(fromMessage).returns.toEqualTypeOf<ModelAnswer>();
  });
});
