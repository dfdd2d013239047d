import { Anthropic } from "@anthropic-ai/sdk";
import {
  type Answer,
  anthropicMessageEvents,
  conversationInstructions,
  createAnthropicCache,
  firstPrefixBreak,
  runCachedCompaction,
  runServedConversation,
  shellOutput,
  shellTool,
  userTurns,
} from "@ctx/adapter-testing";
import type { Summarizer } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { createAnthropicSummarizer } from "./create-anthropic-summarizer.js";
import { fromMessage } from "./from-message.js";
import { fromMessageStream } from "./from-message-stream.js";
import { toMessagesParams } from "./to-messages-params.js";

/** The value with every `cache_control` key removed: breakpoints move, the content does not. */
function withoutBreakpoints(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBreakpoints);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "cache_control")
      .map(([key, entry]) => [key, withoutBreakpoints(entry)]),
  );
}

function countBreakpoints(body: Record<string, unknown>): number {
  return JSON.stringify(body).split('"cache_control"').length - 1;
}

describe("toMessagesParams through the Anthropic client", () => {
  it("runs three turns with a settings change and a tool call, each request extending the last", async () => {
    const exchanges = await runServedConversation(
      (_request, index) => anthropicMessageEvents(index),
      (url) => {
        const client = new Anthropic({ apiKey: "test", baseURL: url, maxRetries: 0 });
        return async (request) => {
          const stream = await client.messages.create({
            stream: true,
            model: "claude-test",
            max_tokens: 1024,
            tools: [
              {
                name: shellTool.name,
                description: shellTool.description,
                input_schema: shellTool.parameters,
              },
            ],
            ...toMessagesParams(request),
          });
          const { items, usage } = await fromMessageStream(stream);
          return { output: items, usage };
        };
      },
    );

    const bodies = exchanges.map(({ body }) => body);
    expect(exchanges.every(({ path }) => path === "/v1/messages")).toBe(true);
    // The client keeps message_start's input_tokens and message_delta's output_tokens.
    // The server reports 105 tokens each time; after the call, the session adds its count of
    // the output it stands in for the call until the tool's output is recorded.
    expect(exchanges.map(({ tokenUsage }) => [tokenUsage.source, tokenUsage.used])).toEqual([
      ["reported", 105],
      ["reported", 107],
      ["reported", 105],
      ["reported", 105],
    ]);
    const messages = bodies.map((body) => withoutBreakpoints(body.messages) as unknown[]);
    for (const [index, { request, body }] of exchanges.entries()) {
      expect(body.stream).toBe(true);
      // The system's last block and, when it holds more, its first (the base instructions), the
      // last message and (once there is one) the message before it.
      const system = (body.system as unknown[]).length;
      expect(countBreakpoints(body)).toBe((system > 1 ? 2 : 1) + (index === 0 ? 1 : 2));
      const mapped = toMessagesParams(request);
      expect(body.system).toEqual(JSON.parse(JSON.stringify(mapped.system)));
      expect(body.messages).toEqual(JSON.parse(JSON.stringify(mapped.messages)));
      expect(body.system).toEqual(bodies[0]?.system);
    }
    expect(firstPrefixBreak(messages)).toBeUndefined();
    const system = bodies[0]?.system as { text: string }[];
    expect(system[0]?.text).toBe(conversationInstructions);
    expect(system.some((block) => block.text.startsWith("<permissions instructions>"))).toBe(true);
    const last = messages[3] ?? [];
    const settings = last.findIndex((message) =>
      JSON.stringify(message).includes("<developer_context>\\n<permissions instructions>"),
    );
    expect(settings).toBeGreaterThan(1);
    expect(last.slice(-4)).toEqual([
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "toolu_1", name: "shell", input: { command: ["ls"] } }],
      },
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "toolu_1", content: shellOutput }],
      },
      { role: "assistant", content: [{ type: "text", text: "There are two entries." }] },
      { role: "user", content: [{ type: "text", text: userTurns[2] }] },
    ]);
  });
});

describe("createAnthropicSummarizer through the Anthropic client", () => {
  const tools = [
    {
      name: shellTool.name,
      description: shellTool.description,
      input_schema: shellTool.parameters,
    },
  ];
  const answer = (text: string, cachedTokens: number): Answer => ({
    json: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "claude-test",
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: {
        input_tokens: 10,
        cache_read_input_tokens: cachedTokens,
        cache_creation_input_tokens: 500,
        output_tokens: 5,
      },
    },
  });
  const compactWith = (summarizer: (client: Anthropic) => Summarizer) =>
    runCachedCompaction({
      cache: createAnthropicCache(),
      answer,
      connect: (url) => {
        const client = new Anthropic({ apiKey: "test", baseURL: url, maxRetries: 0 });
        return {
          send: async (request) => {
            const message = await client.messages.create({
              model: "claude-test",
              max_tokens: 1024,
              tools,
              ...toMessagesParams(request),
            });
            return fromMessage(message).items;
          },
          summarizer: summarizer(client),
        };
      },
    });

  it("sends the turns' tools and breakpoints, so the summary request reads the prefix they cached", async () => {
    const compaction = await compactWith((client) =>
      createAnthropicSummarizer({ client, model: "claude-test", tools }),
    );
    const [, turn, summary] = compaction.received;
    expect(summary?.body.tools).toEqual(turn?.body.tools);
    expect(summary?.body.system).toEqual(turn?.body.system);
    expect(compaction.warnings).toEqual([]);
    const [, turnCached = 0, summaryCached = 0] = compaction.cachedTokens;
    expect(turnCached).toBeGreaterThan(0);
    // The second turn's last breakpoint is read back: the summary request continues it.
    expect(summaryCached).toBeGreaterThan(turnCached);
  });

  it("reads nothing from the cache when the summary request leaves the tools out", async () => {
    const compaction = await compactWith((client) =>
      createAnthropicSummarizer({ client, model: "claude-test" }),
    );
    expect(compaction.cachedTokens.at(-1)).toBe(0);
  });
});
