import { createOpenAI } from "@ai-sdk/openai";
import {
  type Answer,
  anthropicContextWindowError,
  anthropicInvalidRequestError,
  contextWindowCause,
  openAIContextWindowError,
  openAIInvalidValueError,
  openAIResponse,
  rejectWithAnswer,
  runServedCompaction,
  withLocalServer,
} from "@ctx/adapter-testing";
import { ContextWindowError, type ResponseItem, type Summarizer } from "@ctx/protocol";
import { rejection } from "@ctx/rollout/testing";
import { createSession } from "@ctx/session";
import { APICallError } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createAiSdkSummarizer } from "./create-ai-sdk-summarizer.js";

const input: ResponseItem[] = [
  {
    type: "message",
    role: "user",
    content: [{ type: "input_text", text: "Summarize the conversation.\n" }],
  },
];

function model(url: string) {
  return createOpenAI({ apiKey: "test", baseURL: `${url}/v1` }).responses("gpt-test");
}

const signal = new AbortController().signal;

/** What a summarizer on the OpenAI provider rejects with when the server answers `answer`. */
function rejectionFor(answer: Answer): Promise<unknown> {
  return rejectWithAnswer(answer, (url) =>
    createAiSdkSummarizer({ model: model(url) })(
      { model: "ctx-coder", instructions: "", input },
      { signal },
    ),
  );
}

/**
 * What a summarizer rejects with when its model fails as an AI SDK provider does on `answer`: an
 * `APICallError` carrying the status and the response body (and no parsed `data`), as the
 * Anthropic provider builds one.
 */
function rejectionOfProviderFor(answer: Answer): Promise<unknown> {
  if (!("json" in answer) || answer.status === undefined) {
    throw new Error("a provider's error answer has a status and a JSON body");
  }
  const error = new APICallError({
    message: "the provider refused the request",
    url: "http://127.0.0.1/v1/messages",
    requestBodyValues: {},
    statusCode: answer.status,
    responseBody: JSON.stringify(answer.json),
  });
  const failing = new MockLanguageModelV4({ doGenerate: () => Promise.reject(error) });
  return rejection(
    createAiSdkSummarizer({ model: failing, maxRetries: 0 })(
      { model: "ctx-coder", instructions: "", input },
      { signal },
    ),
  );
}

describe("createAiSdkSummarizer", () => {
  it("calls generateText once, without streaming, and returns the text", () =>
    withLocalServer(
      () => openAIResponse(0),
      async (server) => {
        const summarize = createAiSdkSummarizer({
          model: model(server.url),
          settings: { maxOutputTokens: 2000 },
          maxRetries: 0,
        });
        const summary = await summarize(
          { model: "ctx-coder", instructions: "Be brief.", input },
          { signal: new AbortController().signal },
        );
        expect(summary).toBe("Hello.");
        expect(server.requests).toHaveLength(1);
        expect(server.requests[0]?.body).toMatchObject({
          model: "gpt-test",
          max_output_tokens: 2000,
          input: [
            { role: "system", content: "Be brief." },
            {
              role: "user",
              content: [{ type: "input_text", text: "Summarize the conversation.\n" }],
            },
          ],
        });
        expect(server.requests[0]?.body.stream).not.toBe(true);
      },
    ));

  it("throws a ContextWindowError when OpenAI says the request is too long", async () => {
    const cause = contextWindowCause(await rejectionFor(openAIContextWindowError));
    expect(APICallError.isInstance(cause)).toBe(true);
    expect(cause).toMatchObject({ statusCode: 400 });
  });

  it("throws a ContextWindowError when Anthropic says the prompt is too long", async () => {
    const cause = contextWindowCause(await rejectionOfProviderFor(anthropicContextWindowError));
    expect(APICallError.isInstance(cause)).toBe(true);
  });

  it("lets another error of the provider through unchanged", async () => {
    const fromOpenAI = await rejectionFor(openAIInvalidValueError);
    const fromAnthropic = await rejectionOfProviderFor(anthropicInvalidRequestError);
    for (const reason of [fromOpenAI, fromAnthropic]) {
      expect(ContextWindowError.isInstance(reason)).toBe(false);
      expect(APICallError.isInstance(reason)).toBe(true);
    }
  });

  it("lets a session compact: the oldest item is left out when the window is too small", async () => {
    const compaction = await runServedCompaction(
      { tooLong: openAIContextWindowError, summary: openAIResponse(0) },
      (url) => createAiSdkSummarizer({ model: model(url), maxRetries: 0 }),
    );
    const [first, second] = compaction.requests;
    expect(compaction.requests).toHaveLength(2);
    expect(second?.input).toEqual(first?.input.slice(1));
    // The provider sends the instructions first, as a system message, then the items.
    const [before, after] = compaction.received.map(({ body }) => body.input);
    expect(Array.isArray(before) && before.length > 2).toBe(true);
    expect(after).toEqual(Array.isArray(before) ? [before[0], ...before.slice(2)] : []);
    expect(compaction.warnings).toContain("summarizer-dropped-items");
    expect(compaction.summary).toContain("Hello.");
  });

  it("is the session's Summarizer", () => {
    const summarizer = createAiSdkSummarizer({ model: "openai/gpt-test" });
    expectTypeOf(summarizer).toEqualTypeOf<Summarizer>();
    expectTypeOf(createSession).toBeCallableWith({ summarizer });
  });

  it("refuses options that do not fit", () => {
    expect(() => createAiSdkSummarizer({ model: "" })).toThrowError(/model/);
    expect(() => createAiSdkSummarizer({ model: "openai/gpt-test", maxRetries: -1 })).toThrowError(
      /maxRetries/,
    );
  });
});
