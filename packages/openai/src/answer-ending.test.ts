import { withLocalServer } from "@ctx/adapter-testing";
import type { AnswerEnding } from "@ctx/protocol";
import { OpenAI } from "openai";
import { describe, expect, it } from "vitest";
import { fromChatCompletion } from "./from-chat-completion.js";
import { fromChatCompletionStream } from "./from-chat-completion-stream.js";
import { fromResponse } from "./from-response.js";
import { fromResponseStream } from "./from-response-stream.js";

const client = (url: string) => new OpenAI({ apiKey: "test", baseURL: `${url}/v1`, maxRetries: 0 });
const usage = {
  input_tokens: 90,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 10,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 100,
};
const message = (content: readonly object[]) => ({
  type: "message",
  id: "msg_1",
  role: "assistant",
  status: "completed",
  content,
});
const text = { type: "output_text", text: "Half an", annotations: [] };
const refusal = { type: "refusal", refusal: "I cannot help with that." };

/** A Responses API answer that ended with `status`, and the ending it is recorded as. */
const responseCases: readonly {
  readonly status: string;
  readonly details?: object;
  readonly content: object;
  readonly ending: AnswerEnding;
}[] = [
  { status: "completed", content: text, ending: "completed" },
  { status: "incomplete", details: { reason: "max_output_tokens" }, content: text, ending: "cut" },
  { status: "incomplete", details: { reason: "content_filter" }, content: text, ending: "refused" },
  { status: "failed", content: text, ending: "failed" },
  { status: "cancelled", content: text, ending: "aborted" },
  { status: "completed", content: refusal, ending: "refused" },
];

const responseOf = (status: string, details: object | undefined, content: object) => ({
  id: "resp_1",
  object: "response",
  created_at: 1,
  model: "gpt-test",
  status,
  incomplete_details: details ?? null,
  output: [message([content])],
  usage,
});

describe("the OpenAI mappings of how an answer ended, through the openai client", () => {
  it.each(responseCases)(
    "maps a whole response with status $status to $ending",
    async ({ status, details, content, ending }) => {
      await withLocalServer(
        () => ({ json: responseOf(status, details, content) }),
        async (server) => {
          const answer = fromResponse(
            await client(server.url).responses.create({ model: "gpt-test", input: "Hi." }),
          );
          expect(answer.ending).toBe(ending);
          expect(answer.items).toHaveLength(1);
          expect(answer.usage?.totalTokens).toBe(100);
          const warned = answer.warnings?.some((w) => w.code === "incomplete-response");
          expect(warned).toBe(ending !== "completed");
        },
      );
    },
  );

  it.each(responseCases.filter(({ status }) => status !== "failed" && status !== "cancelled"))(
    "maps a streamed response with status $status to $ending",
    async ({ status, details, content, ending }) => {
      const whole = responseOf(status, details, content);
      const item = message([content]);
      const final = status === "incomplete" ? "response.incomplete" : "response.completed";
      await withLocalServer(
        () => ({
          events: [
            { event: "response.created", data: { type: "response.created", response: whole } },
            {
              event: "response.output_item.done",
              data: { type: "response.output_item.done", output_index: 0, item },
            },
            { event: final, data: { type: final, response: whole } },
          ],
        }),
        async (server) => {
          const stream = await client(server.url).responses.create({
            model: "gpt-test",
            input: "Hi.",
            stream: true,
          });
          const answer = await fromResponseStream(stream);
          expect(answer.ending).toBe(ending);
          expect(answer.items).toHaveLength(1);
        },
      );
    },
  );

  const chatCases = [
    { finish: "stop", refusal: null, ending: "completed" },
    { finish: "length", refusal: null, ending: "cut" },
    { finish: "content_filter", refusal: null, ending: "refused" },
    { finish: "stop", refusal: "I cannot help with that.", ending: "refused" },
  ] as const;

  it.each(chatCases)(
    "maps a whole completion that finished with $finish (refusal $refusal) to $ending",
    async ({ finish, refusal, ending }) => {
      await withLocalServer(
        () => ({
          json: {
            id: "chatcmpl_1",
            object: "chat.completion",
            created: 1,
            model: "gpt-test",
            choices: [
              {
                index: 0,
                finish_reason: finish,
                message: { role: "assistant", content: refusal === null ? "Half" : null, refusal },
              },
            ],
            usage: { prompt_tokens: 90, completion_tokens: 10, total_tokens: 100 },
          },
        }),
        async (server) => {
          const answer = fromChatCompletion(
            await client(server.url).chat.completions.create({ model: "gpt-test", messages: [] }),
          );
          expect(answer.ending).toBe(ending);
          expect(answer.items).toHaveLength(1);
        },
      );
    },
  );

  it.each(chatCases)(
    "maps a streamed completion that finished with $finish (refusal $refusal) to $ending",
    async ({ finish, refusal, ending }) => {
      const chunk = (delta: object, finishReason: string | null) => ({
        event: "message",
        data: {
          id: "chatcmpl_1",
          object: "chat.completion.chunk",
          created: 1,
          model: "gpt-test",
          choices: [{ index: 0, delta, finish_reason: finishReason }],
        },
      });
      const said = refusal === null ? { content: "Half" } : { refusal };
      await withLocalServer(
        () => ({
          events: [
            chunk({ role: "assistant", ...said }, null),
            chunk({}, finish),
            { event: "message", data: "[DONE]" },
          ],
        }),
        async (server) => {
          const stream = await client(server.url).chat.completions.create({
            model: "gpt-test",
            messages: [],
            stream: true,
          });
          const answer = await fromChatCompletionStream(stream);
          expect(answer.ending).toBe(ending);
          expect(answer.items).toHaveLength(1);
        },
      );
    },
  );
});
