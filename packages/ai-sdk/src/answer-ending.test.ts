import { createOpenAI } from "@ai-sdk/openai";
import { withLocalServer } from "@ctx/adapter-testing";
import { AdapterError, type AnswerEnding } from "@ctx/protocol";
import { APICallError, generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { fromGenerateText } from "./from-generate-text.js";
import { fromStreamText } from "./from-stream-text.js";

const provider = (url: string) => createOpenAI({ apiKey: "test", baseURL: `${url}/v1` });

const completion = (finish: string) => ({
  id: "chatcmpl_1",
  object: "chat.completion",
  created: 1,
  model: "gpt-test",
  choices: [
    { index: 0, finish_reason: finish, message: { role: "assistant", content: "Half an" } },
  ],
  usage: { prompt_tokens: 90, completion_tokens: 10, total_tokens: 100 },
});

const chunk = (delta: object, finish: string | null) => ({
  event: "message",
  data: {
    id: "chatcmpl_1",
    object: "chat.completion.chunk",
    created: 1,
    model: "gpt-test",
    choices: [{ index: 0, delta, finish_reason: finish }],
  },
});

const cases: readonly { readonly finish: string; readonly ending: AnswerEnding }[] = [
  { finish: "stop", ending: "completed" },
  { finish: "length", ending: "cut" },
  { finish: "content_filter", ending: "refused" },
];

describe("the AI SDK mappings of how an answer ended, through the AI SDK and its OpenAI provider", () => {
  it.each(cases)("maps generateText that finished with $finish to $ending", async (step) => {
    await withLocalServer(
      () => ({ json: completion(step.finish) }),
      async (server) => {
        const result = await generateText({
          model: provider(server.url).chat("gpt-test"),
          prompt: "Hi.",
          maxRetries: 0,
        });
        const answer = fromGenerateText(result);
        expect(answer.ending).toBe(step.ending);
        expect(answer.items).toHaveLength(1);
        const warned = answer.warnings?.some((w) => w.code === "incomplete-response");
        expect(warned).toBe(step.ending !== "completed");
      },
    );
  });

  it.each(cases)("maps streamText that finished with $finish to $ending", async (step) => {
    await withLocalServer(
      () => ({
        events: [
          chunk({ role: "assistant", content: "Half an" }, null),
          chunk({}, step.finish),
          { event: "message", data: "[DONE]" },
        ],
      }),
      async (server) => {
        const result = streamText({
          model: provider(server.url).chat("gpt-test"),
          prompt: "Hi.",
          maxRetries: 0,
        });
        const answer = await fromStreamText(result);
        expect(answer.ending).toBe(step.ending);
        expect(answer.items).toHaveLength(1);
      },
    );
  });

  it("rejects a stream the provider refused with the provider's error as the cause", async () => {
    await withLocalServer(
      () => ({
        status: 400,
        json: {
          error: {
            message: "Item with id 'rs_1' not found.",
            type: "invalid_request_error",
            param: "input",
            code: null,
          },
        },
      }),
      async (server) => {
        const result = streamText({
          model: provider(server.url).responses("gpt-test"),
          prompt: "Hi.",
          maxRetries: 0,
          onError: () => undefined,
        });
        const error = await fromStreamText(result).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(AdapterError);
        expect(error).toMatchObject({ code: "incomplete-answer" });
        const { cause } = error as AdapterError;
        expect(APICallError.isInstance(cause)).toBe(true);
        expect(cause).toMatchObject({ statusCode: 400 });
        expect((error as Error).message).toContain("Item with id 'rs_1' not found.");
      },
    );
  });
});
