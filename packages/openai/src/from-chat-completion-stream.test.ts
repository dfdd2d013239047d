import {
  firstTurnContext,
  openAIChatCompletionChunks,
  shellOutput,
  shellTool,
  withLocalServer,
} from "@ctx/adapter-testing";
import { AdapterError } from "@ctx/protocol";
import { rejection } from "@ctx/rollout/testing";
import { createSession, runTurn } from "@ctx/session";
import { OpenAI } from "openai";
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import { describe, expect, it } from "vitest";
import { fromChatCompletionStream } from "./from-chat-completion-stream.js";
import { toChatCompletionsParams } from "./to-chat-completions-params.js";

/** The chunks as a stream, typed as the SDK yields them; `failure` is thrown after them. */
async function* streamOf(
  chunks: readonly object[],
  failure?: Error,
): AsyncGenerator<ChatCompletionChunk> {
  for (const chunk of chunks) yield chunk as ChatCompletionChunk;
  if (failure !== undefined) throw failure;
}

const chunk = (delta: object, finish_reason: string | null = null, index = 0) => ({
  id: "chatcmpl_1",
  object: "chat.completion.chunk",
  choices: [{ index, delta, finish_reason }],
});

const callDelta = (index: number, fields: object) => ({ tool_calls: [{ index, ...fields }] });

const usageChunk = {
  id: "chatcmpl_1",
  choices: [],
  usage: {
    prompt_tokens: 100,
    prompt_tokens_details: { cached_tokens: 64 },
    completion_tokens: 7,
    total_tokens: 107,
  },
};

/** The adapter's error a call rejected with; fails the test on any other outcome. */
async function adapterError(promise: Promise<unknown>): Promise<AdapterError> {
  const reason = await rejection(promise);
  if (!AdapterError.isInstance(reason)) {
    throw new Error(`expected an adapter error, not ${String(reason)}`);
  }
  return reason;
}

describe("fromChatCompletionStream", () => {
  it("assembles the text and each call from their deltas, in index order, with the usage", async () => {
    const seen: number[] = [];
    const answer = await fromChatCompletionStream(
      streamOf([
        chunk({ role: "assistant", content: "Two " }),
        chunk({ content: "files." }),
        chunk(callDelta(1, { id: "call_b", type: "function", function: { name: "cat" } })),
        chunk(callDelta(0, { id: "call_a", type: "function", function: { name: "shell" } })),
        chunk(callDelta(0, { function: { arguments: '{"command":' } })),
        chunk(callDelta(1, { function: { arguments: '{"path":"a"}' } })),
        chunk(callDelta(0, { function: { arguments: '["ls"]}' } })),
        chunk({}, "tool_calls"),
        usageChunk,
      ]),
      { onChunk: (value) => seen.push(value.choices.length) },
    );
    expect(answer.items).toEqual([
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "Two files." }],
      },
      { type: "function_call", call_id: "call_a", name: "shell", arguments: '{"command":["ls"]}' },
      { type: "function_call", call_id: "call_b", name: "cat", arguments: '{"path":"a"}' },
    ]);
    expect(answer.usage).toEqual({
      totalTokens: 107,
      inputTokens: 100,
      cachedInputTokens: 64,
      outputTokens: 7,
    });
    expect(answer.warnings).toEqual([]);
    expect(seen).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0]);
  });

  it("keeps a refusal as the assistant's text, and has no usage without include_usage", async () => {
    const answer = await fromChatCompletionStream(
      streamOf([chunk({ refusal: "I can't " }), chunk({ refusal: "help." }, "stop")]),
    );
    expect(answer.items).toEqual([
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "I can't help." }],
      },
    ]);
    expect(answer.usage).toBeUndefined();
  });

  it("records nothing of a stream that ends or fails before its choice finished", async () => {
    const unfinished = [
      chunk({ content: "Two" }),
      chunk(callDelta(0, { id: "c", function: { name: "shell" } })),
    ];
    const ended = await adapterError(fromChatCompletionStream(streamOf(unfinished)));
    expect([ended.code, ended.message]).toEqual([
      "incomplete-answer",
      "the stream ended before its first choice finished; nothing of it was kept",
    ]);
    const abort = new DOMException("This operation was aborted", "AbortError");
    await expect(fromChatCompletionStream(streamOf(unfinished, abort))).rejects.toBe(abort);
  });

  it("keeps the text of an answer cut by its length, and drops its possibly cut calls with a warning", async () => {
    const answer = await fromChatCompletionStream(
      streamOf([
        chunk({ content: "Running" }),
        chunk(callDelta(0, { id: "c", function: { name: "shell", arguments: '{"comm' } })),
        chunk({}, "length"),
      ]),
    );
    expect(answer.items).toEqual([
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Running" }] },
    ]);
    expect(answer.ending).toBe("cut");
    expect(answer.warnings).toEqual([
      {
        code: "incomplete-response",
        message: "the answer did not complete (finish_reason length); it is recorded as cut",
      },
      {
        code: "incomplete-response",
        message:
          "the answer ended early (length); its 1 tool call(s) were left out since their arguments may be cut",
      },
    ]);
  });

  it("keeps only the first choice, and records arguments that are not JSON as written", async () => {
    const answer = await fromChatCompletionStream(
      streamOf([
        chunk({ content: "Other." }, "stop", 1),
        chunk(callDelta(0, { id: "c", function: { name: "shell", arguments: "ls -la" } })),
        chunk({}, "tool_calls"),
      ]),
    );
    expect(answer.items).toEqual([
      { type: "function_call", call_id: "c", name: "shell", arguments: "ls -la" },
    ]);
    expect(answer.warnings?.map((warning) => warning.code)).toEqual([
      "other-choices",
      "tool-arguments-not-json",
    ]);
  });

  it("names the chunk at fault in a typed error for a malformed chunk, choice or call", async () => {
    const cases: [object[], string][] = [
      [[{ id: "x" }], "stream chunk 0 is not valid"],
      [
        [chunk({ content: "ok" }), { choices: [{ delta: {} }] }],
        "stream chunk 1 choices[0] is not valid",
      ],
      [
        [chunk(callDelta(0, { id: 7 }))],
        "stream chunk 0 choices[0].delta.tool_calls[0] is not valid",
      ],
      [
        [chunk({ tool_calls: [{ id: "c" }] })],
        "stream chunk 0 choices[0].delta.tool_calls[0] is not valid",
      ],
      [
        [chunk(callDelta(0, { function: { name: "shell" } })), chunk({}, "tool_calls")],
        "tool call 0 of the stream ended without its id",
      ],
    ];
    for (const [chunks, message] of cases) {
      const error = await adapterError(fromChatCompletionStream(streamOf(chunks)));
      expect(error.code).toBe("invalid-answer");
      expect(error.message).toContain(message);
    }
  });

  it("refuses what is not a stream, and options it does not know", async () => {
    const notStream = await adapterError(
      fromChatCompletionStream([] as unknown as AsyncIterable<ChatCompletionChunk>),
    );
    expect(notStream.code).toBe("invalid-argument");
    const badOptions = await adapterError(
      fromChatCompletionStream(streamOf([]), { onChunks: () => {} } as never),
    );
    expect(badOptions.code).toBe("invalid-argument");
  });
});

describe("runTurn with the openai client and a streamed chat completion", () => {
  const client = (url: string) =>
    new OpenAI({ apiKey: "test", baseURL: `${url}/v1`, maxRetries: 0 });

  it("records the call, its output and the reply the real SDK streamed", async () => {
    await withLocalServer(
      (_request, index) => openAIChatCompletionChunks(index + 1),
      async (server) => {
        const openai = client(server.url);
        const session = createSession();
        const outcome = await runTurn({
          session,
          turnContext: firstTurnContext,
          userInput: "List the files.",
          callModel: async (request, { signal }) =>
            fromChatCompletionStream(
              await openai.chat.completions.create(
                {
                  model: "gpt-test",
                  stream: true,
                  stream_options: { include_usage: true },
                  tools: [{ type: "function", function: shellTool }],
                  ...toChatCompletionsParams(request),
                },
                { signal },
              ),
            ),
          runTool: async () => shellOutput,
        });
        expect(outcome).toMatchObject({ status: "completed", steps: 2 });
        expect(outcome.items).toEqual([
          {
            type: "function_call",
            call_id: "call_1",
            name: "shell",
            arguments: '{"command":["ls"]}',
          },
          { type: "function_call_output", call_id: "call_1", output: shellOutput },
          {
            type: "message",
            role: "assistant",
            content: [{ type: "output_text", text: "There are two entries." }],
          },
        ]);
        expect(session.tokenUsage()).toMatchObject({ source: "reported", used: 105 });
        expect(server.requests.map((request) => request.body.stream)).toEqual([true, true]);
      },
    );
  });

  it("records nothing of an answer the abort cut off", async () => {
    await withLocalServer(
      () => ({ hold: true }),
      async (server) => {
        const openai = client(server.url);
        const session = createSession();
        const controller = new AbortController();
        server.received(1).then(() => controller.abort());
        const outcome = await runTurn({
          session,
          turnContext: firstTurnContext,
          userInput: "List the files.",
          signal: controller.signal,
          callModel: async (request, { signal }) =>
            fromChatCompletionStream(
              await openai.chat.completions.create(
                { model: "gpt-test", stream: true, ...toChatCompletionsParams(request) },
                { signal },
              ),
            ),
          runTool: async () => shellOutput,
        });
        expect(outcome).toMatchObject({ status: "aborted", steps: 0, items: [] });
        expect(session.history().at(-1)?.origin).toEqual({ source: "user" });
      },
    );
  });
});
