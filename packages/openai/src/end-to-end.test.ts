import {
  conversationInstructions,
  createOpenAICache,
  firstPrefixBreak,
  openAIChatCompletion,
  openAIResponseEvents,
  openAITextResponse,
  runCachedCompaction,
  runServedConversation,
  shellOutput,
  shellTool,
  userTurns,
} from "@ctx/adapter-testing";
import type { Summarizer } from "@ctx/protocol";
import { OpenAI } from "openai";
import { describe, expect, it } from "vitest";
import { createOpenAISummarizer } from "./create-openai-summarizer.js";
import { fromChatCompletion } from "./from-chat-completion.js";
import { fromResponse } from "./from-response.js";
import { fromResponseStream } from "./from-response-stream.js";
import { toChatCompletionsParams } from "./to-chat-completions-params.js";
import { toResponsesParams } from "./to-responses-params.js";

describe("toResponsesParams through the openai client", () => {
  it("runs three turns with a settings change and a tool call, each request extending the last", async () => {
    const exchanges = await runServedConversation(
      (_request, index) => openAIResponseEvents(index),
      (url) => {
        const client = new OpenAI({ apiKey: "test", baseURL: `${url}/v1`, maxRetries: 0 });
        return async (request) => {
          const stream = await client.responses.create({
            model: "gpt-test",
            stream: true,
            store: false,
            tools: [{ type: "function", strict: true, ...shellTool }],
            ...toResponsesParams(request, {
              instructionsAs: "developer-message",
              promptCacheKey: "session-1",
            }),
          });
          const { items, usage } = await fromResponseStream(stream);
          return { output: items, usage };
        };
      },
    );

    expect(exchanges.map(({ path }) => path)).toEqual(Array(4).fill("/v1/responses"));
    // The server reports 105 tokens each time; after the call, the session adds its count of
    // the output it stands in for the call until the tool's output is recorded.
    expect(exchanges.map(({ tokenUsage }) => [tokenUsage.source, tokenUsage.used])).toEqual([
      ["reported", 105],
      ["reported", 107],
      ["reported", 105],
      ["reported", 105],
    ]);
    const inputs = exchanges.map(({ body }) => body.input as unknown[]);
    for (const { request, body } of exchanges) {
      expect(body).not.toHaveProperty("instructions");
      expect(body.prompt_cache_key).toBe("session-1");
      expect(body.stream).toBe(true);
      const mapped = toResponsesParams(request, { instructionsAs: "developer-message" });
      expect(body.input).toEqual(JSON.parse(JSON.stringify(mapped.input)));
    }
    expect(firstPrefixBreak(inputs)).toBeUndefined();
    const last = inputs[3] ?? [];
    expect(last[0]).toEqual({
      type: "message",
      role: "developer",
      content: [{ type: "input_text", text: conversationInstructions }],
    });
    const hello = last.findIndex((item) => JSON.stringify(item).includes('"Hello."'));
    const settings = last.findIndex(
      (item, index) => index > hello && JSON.stringify(item).includes("<permissions instructions>"),
    );
    expect(hello).toBeGreaterThan(0);
    expect(settings).toBeGreaterThan(hello);
    expect(last.slice(-5)).toEqual([
      { type: "message", role: "user", content: [{ type: "input_text", text: userTurns[1] }] },
      {
        type: "function_call",
        call_id: "call_1",
        name: "shell",
        arguments: '{"command":["ls"]}',
        id: "fc_1",
      },
      { type: "function_call_output", call_id: "call_1", output: shellOutput },
      { type: "message", role: "assistant", content: "There are two entries." },
      { type: "message", role: "user", content: [{ type: "input_text", text: userTurns[2] }] },
    ]);
  });
});

describe("toChatCompletionsParams through the openai client", () => {
  it("runs three turns with a settings change and a tool call, each request extending the last", async () => {
    const exchanges = await runServedConversation(
      (_request, index) => openAIChatCompletion(index),
      (url) => {
        const client = new OpenAI({ apiKey: "test", baseURL: `${url}/v1`, maxRetries: 0 });
        return async (request) => {
          const completion = await client.chat.completions.create({
            model: "gpt-test",
            tools: [{ type: "function", function: shellTool }],
            ...toChatCompletionsParams(request, { promptCacheKey: "session-1" }),
          });
          const { items, usage } = fromChatCompletion(completion);
          return { output: items, usage };
        };
      },
    );

    expect(exchanges.every(({ path }) => path === "/v1/chat/completions")).toBe(true);
    // The server reports 105 tokens each time; after the call, the session adds its count of
    // the output it stands in for the call until the tool's output is recorded.
    expect(exchanges.map(({ tokenUsage }) => [tokenUsage.source, tokenUsage.used])).toEqual([
      ["reported", 105],
      ["reported", 107],
      ["reported", 105],
      ["reported", 105],
    ]);
    const messages = exchanges.map(({ body }) => body.messages as unknown[]);
    for (const { request, body } of exchanges) {
      expect(body.prompt_cache_key).toBe("session-1");
      const mapped = toChatCompletionsParams(request);
      expect(body.messages).toEqual(JSON.parse(JSON.stringify(mapped.messages)));
    }
    expect(firstPrefixBreak(messages)).toBeUndefined();
    const last = messages[3] ?? [];
    expect(last[0]).toEqual({
      role: "developer",
      content: [{ type: "text", text: conversationInstructions }],
    });
    expect(last).toContainEqual({
      role: "assistant",
      tool_calls: [
        {
          id: "call_1",
          type: "function",
          function: { name: "shell", arguments: '{"command":["ls"]}' },
        },
      ],
    });
    expect(last).toContainEqual({ role: "tool", tool_call_id: "call_1", content: shellOutput });
    expect(last.at(-1)).toEqual({ role: "user", content: [{ type: "text", text: userTurns[2] }] });
  });
});

describe("createOpenAISummarizer through the openai client", () => {
  const tools = [{ type: "function" as const, strict: true, ...shellTool }];
  const compactWith = (summarizer: (client: OpenAI) => Summarizer) =>
    runCachedCompaction({
      cache: createOpenAICache(),
      answer: openAITextResponse,
      connect: (url) => {
        const client = new OpenAI({ apiKey: "test", baseURL: `${url}/v1`, maxRetries: 0 });
        return {
          send: async (request) => {
            const response = await client.responses.create({
              model: "gpt-test",
              tools,
              ...toResponsesParams(request, { promptCacheKey: "session-1" }),
            });
            return fromResponse(response).items;
          },
          summarizer: summarizer(client),
        };
      },
    });

  it("sends the turns' tools and cache key, so the summary request reads the prefix they cached", async () => {
    const compaction = await compactWith((client) =>
      createOpenAISummarizer({ client, model: "gpt-test", tools, promptCacheKey: "session-1" }),
    );
    const [, turn, summary] = compaction.received;
    expect(summary?.body.tools).toEqual(turn?.body.tools);
    expect(summary?.body.prompt_cache_key).toBe("session-1");
    expect(summary?.body.instructions).toBe(turn?.body.instructions);
    expect(compaction.warnings).toEqual([]);
    const [, turnCached = 0, summaryCached = 0] = compaction.cachedTokens;
    const turnPrompt = compaction.promptTokens[1] ?? 0;
    expect(turnCached).toBeGreaterThan(0);
    // The summary request continues the second turn's: it reads that whole prompt, down to the
    // provider's 128-token step.
    expect(summaryCached).toBe(1024 + Math.floor((turnPrompt - 1024) / 128) * 128);
  });

  it("reads nothing from the cache when the summary request leaves the tools out", async () => {
    const compaction = await compactWith((client) =>
      createOpenAISummarizer({ client, model: "gpt-test", promptCacheKey: "session-1" }),
    );
    expect(compaction.cachedTokens.at(-1)).toBe(0);
  });
});
