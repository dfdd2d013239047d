import { Anthropic, APIUserAbortError } from "@anthropic-ai/sdk";
import { abortWhileWaiting, rejectBeforeSending, withLocalServer } from "@ctx/adapter-testing";
import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { AnthropicAdapterError } from "./anthropic-adapter-error.js";
import {
  type AnthropicSummarizerOptions,
  createAnthropicSummarizer,
} from "./create-anthropic-summarizer.js";

const input: ResponseItem[] = [
  {
    type: "message",
    role: "user",
    content: [{ type: "input_text", text: "Summarize the conversation.\n" }],
  },
];

const summaryMessage = {
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude-test",
  content: [
    { type: "thinking", thinking: "Short.", signature: "sig" },
    { type: "text", text: "The user asked " },
    { type: "text", text: "for a summary." },
  ],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 100, output_tokens: 8 },
};

function client(url: string): Anthropic {
  return new Anthropic({ apiKey: "test", baseURL: url, maxRetries: 0 });
}

/** A summarizer on `claude-test` through a client of the server at `url`. */
function summarizerAt(url: string, options: Partial<AnthropicSummarizerOptions> = {}) {
  return createAnthropicSummarizer({ client: client(url), model: "claude-test", ...options });
}

describe("createAnthropicSummarizer", () => {
  it("asks the Messages API once, without streaming, and joins the text blocks", () =>
    withLocalServer(
      () => ({ json: summaryMessage }),
      async (server) => {
        const summarize = summarizerAt(server.url, { maxTokens: 2000, cacheControl: false });
        const summary = await summarize(
          { instructions: "Be brief.", input },
          { signal: new AbortController().signal },
        );
        expect(summary).toBe("The user asked for a summary.");
        expect(server.requests).toEqual([
          {
            path: "/v1/messages",
            body: {
              model: "claude-test",
              max_tokens: 2000,
              system: [{ type: "text", text: "Be brief." }],
              messages: [
                {
                  role: "user",
                  content: [{ type: "text", text: "Summarize the conversation.\n" }],
                },
              ],
              stream: false,
            },
          },
        ]);
      },
    ));

  it("gives up when the signal aborts", async () => {
    const reason = await abortWhileWaiting((url, signal) =>
      summarizerAt(url)({ instructions: "", input }, { signal }),
    );
    expect(reason).toBeInstanceOf(APIUserAbortError);
  });

  it("rejects a request it cannot map before calling the API", async () => {
    const compacted: ResponseItem[] = [{ type: "compaction", encrypted_content: "x" }];
    const reason = await rejectBeforeSending((url) =>
      summarizerAt(url)(
        { instructions: "", input: compacted },
        { signal: new AbortController().signal },
      ),
    );
    expect(reason).toBeInstanceOf(AnthropicAdapterError);
  });

  it("refuses options that do not fit", () => {
    const options = { client: client("http://127.0.0.1:1"), model: "claude-test", maxTokens: 0 };
    expect(() => createAnthropicSummarizer(options)).toThrowError(/maxTokens/);
    // @ts-expect-error: a model is required.
    expect(() => createAnthropicSummarizer({ client: options.client })).toThrowError(/model/);
  });
});
