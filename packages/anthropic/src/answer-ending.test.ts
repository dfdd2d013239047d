import { Anthropic } from "@anthropic-ai/sdk";
import { withLocalServer } from "@ctx/adapter-testing";
import type { AnswerEnding } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { fromMessage } from "./from-message.js";
import { fromMessageStream } from "./from-message-stream.js";

const client = (url: string) => new Anthropic({ apiKey: "test", baseURL: url, maxRetries: 0 });
const request = { model: "claude-test", max_tokens: 64, messages: [] };

const cases: readonly { readonly stop: string | null; readonly ending: AnswerEnding }[] = [
  { stop: "end_turn", ending: "completed" },
  { stop: "tool_use", ending: "completed" },
  { stop: null, ending: "completed" },
  { stop: "max_tokens", ending: "cut" },
  { stop: "model_context_window_exceeded", ending: "cut" },
  { stop: "pause_turn", ending: "cut" },
  { stop: "refusal", ending: "refused" },
];

describe("the Anthropic mappings of how an answer ended, through the Anthropic client", () => {
  it.each(cases)("maps a whole message stopped by $stop to $ending", async ({ stop, ending }) => {
    await withLocalServer(
      () => ({
        json: {
          id: "msg_1",
          type: "message",
          role: "assistant",
          model: "claude-test",
          content: [{ type: "text", text: "Half an" }],
          stop_reason: stop,
          stop_sequence: null,
          usage: { input_tokens: 90, output_tokens: 10 },
        },
      }),
      async (server) => {
        const answer = fromMessage(await client(server.url).messages.create(request));
        expect(answer.ending).toBe(ending);
        expect(answer.items).toHaveLength(1);
        const warned = answer.warnings?.some((w) => w.code === "incomplete-response");
        expect(warned).toBe(ending !== "completed");
      },
    );
  });

  it.each(cases)(
    "maps a streamed message stopped by $stop to $ending",
    async ({ stop, ending }) => {
      const events = [
        {
          type: "message_start",
          message: {
            id: "msg_1",
            type: "message",
            role: "assistant",
            model: "claude-test",
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 90, output_tokens: 1 },
          },
        },
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Half an" } },
        { type: "content_block_stop", index: 0 },
        {
          type: "message_delta",
          delta: { stop_reason: stop, stop_sequence: null },
          usage: { output_tokens: 10 },
        },
        { type: "message_stop" },
      ];
      await withLocalServer(
        () => ({ events: events.map((data) => ({ event: data.type, data })) }),
        async (server) => {
          const stream = await client(server.url).messages.create({ ...request, stream: true });
          const answer = await fromMessageStream(stream);
          expect(answer.ending).toBe(ending);
          expect(answer.items).toHaveLength(1);
        },
      );
    },
  );
});
