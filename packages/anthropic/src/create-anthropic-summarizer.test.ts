import { Anthropic, BadRequestError } from "@anthropic-ai/sdk";
import {
  type Answer,
  anthropicContextWindowError,
  anthropicInvalidRequestError,
  contextWindowCause,
  conversationInstructions,
  rejectWithAnswer,
  runServedCompaction,
  withLocalServer,
} from "@ctx/adapter-testing";
import { ContextWindowError, type ResponseItem, type Summarizer } from "@ctx/protocol";
import { createSession } from "@ctx/session";
import { Anthropic as OldestAnthropic } from "anthropic-ai-sdk-oldest";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type AnthropicSummarizerOptions,
  createAnthropicSummarizer,
} from "./create-anthropic-summarizer.js";
import { createBreakpointPlanner } from "./create-breakpoint-planner.js";

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

/** What the summarizer rejects with when the server answers `answer`. */
function rejectionFor(answer: Answer): Promise<unknown> {
  return rejectWithAnswer(answer, (url) =>
    summarizerAt(url)(
      { model: "ctx-coder", instructions: "", input },
      { signal: new AbortController().signal },
    ),
  );
}

describe("createAnthropicSummarizer", () => {
  it("takes a client of another @anthropic-ai/sdk version than the adapter's, without a cast", () =>
    withLocalServer(
      () => ({ json: summaryMessage }),
      async (server) => {
        // The oldest SDK the peer range allows, installed beside the newest as a second copy.
        const client = new OldestAnthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
        const summarize = createAnthropicSummarizer({ client, model: "claude-test" });
        const summary = await summarize(
          { model: "ctx-coder", instructions: "Be brief.", input },
          { signal: new AbortController().signal },
        );
        expect(summary).toBe("The user asked for a summary.");
        expect(server.requests.map(({ path }) => path)).toEqual(["/v1/messages"]);
      },
    ));

  it("asks the Messages API once, without streaming, and joins the text blocks", () =>
    withLocalServer(
      () => ({ json: summaryMessage }),
      async (server) => {
        const summarize = summarizerAt(server.url, { maxTokens: 2000, cacheControl: false });
        const summary = await summarize(
          { model: "ctx-coder", instructions: "Be brief.", input },
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

  it("throws a ContextWindowError when the API says the prompt is too long", async () => {
    const cause = contextWindowCause(await rejectionFor(anthropicContextWindowError));
    expect(cause).toBeInstanceOf(BadRequestError);
    expect(cause).toMatchObject({ status: 400, type: "invalid_request_error" });
  });

  it("throws a ContextWindowError when the input and max_tokens exceed the context limit", async () => {
    const message =
      "input length and `max_tokens` exceed context limit: 195000 + 8192 > 200000, decrease input length or `max_tokens` and try again";
    const reason = await rejectionFor({
      status: 400,
      json: { type: "error", error: { type: "invalid_request_error", message } },
    });
    expect(ContextWindowError.isInstance(reason)).toBe(true);
  });

  it("lets another error of the API through unchanged", async () => {
    const reason = await rejectionFor(anthropicInvalidRequestError);
    expect(ContextWindowError.isInstance(reason)).toBe(false);
    expect(reason).toBeInstanceOf(BadRequestError);
  });

  it("lets a session compact: the oldest item is left out when the window is too small", async () => {
    const compaction = await runServedCompaction(
      { tooLong: anthropicContextWindowError, summary: { json: summaryMessage } },
      (url) => summarizerAt(url),
    );
    const [first, second] = compaction.requests;
    expect(compaction.requests).toHaveLength(2);
    expect(second?.input).toEqual(first?.input.slice(1));
    const [before, after] = compaction.received.map(({ body }) => body);
    // The oldest item is the opening developer context, which travels as a system block.
    expect(Array.isArray(before?.system) && before.system.length).toBe(2);
    expect(after?.system).toEqual([
      expect.objectContaining({ type: "text", text: conversationInstructions }),
    ]);
    expect(after?.messages).toEqual(before?.messages);
    expect(compaction.warnings).toContain("summarizer-dropped-items");
    expect(compaction.summary).toContain("The user asked for a summary.");
  });

  it("lets the conversation's breakpoint planner place the summary request's breakpoints", async () => {
    const bodies: unknown[] = [];
    const fakeClient = {
      messages: {
        create: async (body: unknown) => {
          bodies.push(body);
          return { content: [{ type: "text", text: "Summary." }] };
        },
      },
    };
    const planner = createBreakpointPlanner({ longTtl: "never" });
    const summarize = createAnthropicSummarizer({
      client: fakeClient,
      model: "claude-test",
      planner,
      cacheControl: { type: "ephemeral", ttl: "1h" },
    });
    const request = { model: "ctx-coder", instructions: "Be brief.", input };
    expect(await summarize(request, { signal: new AbortController().signal })).toBe("Summary.");
    // The planner's 5-minute marks, not the mapping's 1-hour ones.
    expect(JSON.stringify(bodies[0])).toContain('"cache_control":{"type":"ephemeral"}');
    expect(JSON.stringify(bodies[0])).not.toContain('"ttl":"1h"');
  });

  it("is the session's Summarizer", () => {
    const summarizer = summarizerAt("http://127.0.0.1:1");
    expectTypeOf(summarizer).toEqualTypeOf<Summarizer>();
    expectTypeOf(createSession).toBeCallableWith({ summarizer });
  });

  it("refuses options that do not fit", () => {
    const options = { client: client("http://127.0.0.1:1"), model: "claude-test", maxTokens: 0 };
    expect(() => createAnthropicSummarizer(options)).toThrowError(/maxTokens/);
    // @ts-expect-error: a model is required.
    expect(() => createAnthropicSummarizer({ client: options.client })).toThrowError(/model/);
  });
});
