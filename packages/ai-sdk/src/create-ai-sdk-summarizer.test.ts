import { createOpenAI } from "@ai-sdk/openai";
import {
  abortWhileWaiting,
  openAIResponse,
  rejectBeforeSending,
  withLocalServer,
} from "@ctx/adapter-testing";
import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { AiSdkAdapterError } from "./ai-sdk-adapter-error.js";
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
          { instructions: "Be brief.", input },
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

  it("gives up when the signal aborts", async () => {
    const reason = await abortWhileWaiting((url, signal) =>
      createAiSdkSummarizer({ model: model(url), maxRetries: 0 })(
        { instructions: "", input },
        { signal },
      ),
    );
    expect(reason).toMatchObject({ name: "AbortError" });
  });

  it("rejects a request it cannot map before calling the model", async () => {
    const compacted: ResponseItem[] = [{ type: "compaction", encrypted_content: "x" }];
    const reason = await rejectBeforeSending((url) =>
      createAiSdkSummarizer({ model: model(url) })(
        { instructions: "", input: compacted },
        { signal: new AbortController().signal },
      ),
    );
    expect(reason).toBeInstanceOf(AiSdkAdapterError);
  });

  it("refuses options that do not fit", () => {
    expect(() => createAiSdkSummarizer({ model: "" })).toThrowError(/model/);
    expect(() => createAiSdkSummarizer({ model: "openai/gpt-test", maxRetries: -1 })).toThrowError(
      /maxRetries/,
    );
  });
});
