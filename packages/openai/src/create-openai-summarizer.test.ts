import {
  type Answer,
  contextWindowCause,
  openAIContextWindowError,
  openAIInvalidValueError,
  rejectWithAnswer,
  runServedCompaction,
  withLocalServer,
} from "@ctx/adapter-testing";
import type { Summarizer } from "@ctx/protocol";
import { createSession } from "@ctx/session";
import { BadRequestError, OpenAI } from "openai";
import { OpenAI as OldestOpenAI } from "openai-oldest";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createOpenAISummarizer } from "./create-openai-summarizer.js";

const request = {
  model: "ctx-coder",
  instructions: "Be brief.",
  input: [
    {
      type: "message" as const,
      role: "user" as const,
      content: [{ type: "input_text" as const, text: "Summarize the conversation.\n" }],
    },
  ],
};

const summaryResponse = {
  id: "resp_1",
  object: "response",
  created_at: 1764547200,
  status: "completed",
  model: "gpt-test",
  output: [
    {
      type: "message",
      id: "msg_1",
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: "The user asked for a summary.", annotations: [] }],
    },
  ],
  parallel_tool_calls: true,
  tool_choice: "auto",
  tools: [],
};

function client(url: string): OpenAI {
  return new OpenAI({ apiKey: "test", baseURL: `${url}/v1`, maxRetries: 0 });
}

/** What a summarizer rejects with when the server answers `answer`. */
function rejectionFor(answer: Answer): Promise<unknown> {
  return rejectWithAnswer(answer, (url) =>
    createOpenAISummarizer({ client: client(url), model: "gpt-test" })(request, {
      signal: new AbortController().signal,
    }),
  );
}

describe("createOpenAISummarizer", () => {
  it("asks the Responses API once, without streaming, and returns the text", () =>
    withLocalServer(
      () => ({ json: summaryResponse }),
      async (server) => {
        const summarize = createOpenAISummarizer({
          client: client(server.url),
          model: "gpt-test",
          promptCacheKey: "session-1",
          parameters: { store: false },
        });
        const summary = await summarize(request, { signal: new AbortController().signal });
        expect(summary).toBe("The user asked for a summary.");
        expect(server.requests).toEqual([
          {
            path: "/v1/responses",
            body: {
              store: false,
              model: "gpt-test",
              instructions: "Be brief.",
              input: request.input,
              prompt_cache_key: "session-1",
              stream: false,
            },
          },
        ]);
      },
    ));

  it("takes a client of another openai version than the adapter's, without a cast", () =>
    withLocalServer(
      () => ({ json: summaryResponse }),
      async (server) => {
        // The oldest openai the peer range allows, installed beside the newest as a second copy.
        const client = new OldestOpenAI({
          apiKey: "test",
          baseURL: `${server.url}/v1`,
          maxRetries: 0,
        });
        const summarize = createOpenAISummarizer({ client, model: "gpt-test" });
        const summary = await summarize(request, { signal: new AbortController().signal });
        expect(summary).toBe("The user asked for a summary.");
        expect(server.requests.map(({ path }) => path)).toEqual(["/v1/responses"]);
      },
    ));

  it("throws a ContextWindowError when the API says the request is too long", async () => {
    const cause = contextWindowCause(await rejectionFor(openAIContextWindowError));
    expect(cause).toBeInstanceOf(BadRequestError);
    expect(cause).toMatchObject({ status: 400, code: "context_length_exceeded" });
  });

  it("lets another error of the API through unchanged", async () => {
    const reason = await rejectionFor(openAIInvalidValueError);
    expect(reason).toBeInstanceOf(BadRequestError);
    expect(reason).toMatchObject({ code: "invalid_value" });
  });

  it("lets a session compact: the oldest item is left out when the window is too small", async () => {
    const compaction = await runServedCompaction(
      { tooLong: openAIContextWindowError, summary: { json: summaryResponse } },
      (url) => createOpenAISummarizer({ client: client(url), model: "gpt-test" }),
    );
    const [first, second] = compaction.requests;
    expect(compaction.requests).toHaveLength(2);
    expect(second?.input).toEqual(first?.input.slice(1));
    const [before, after] = compaction.received.map(({ body }) => body.input);
    expect(Array.isArray(before) && before.length > 1).toBe(true);
    expect(after).toEqual(Array.isArray(before) ? before.slice(1) : []);
    expect(compaction.warnings).toContain("summarizer-dropped-items");
    expect(compaction.summary).toContain("The user asked for a summary.");
  });

  it("is the session's Summarizer", () => {
    const summarizer = createOpenAISummarizer({ client: client("http://127.0.0.1:1"), model: "m" });
    expectTypeOf(summarizer).toEqualTypeOf<Summarizer>();
    expectTypeOf(createSession).toBeCallableWith({ summarizer });
  });

  it("refuses options without a client or a model", () => {
    const options = { client: client("http://127.0.0.1:1"), model: "" };
    expect(() => createOpenAISummarizer(options)).toThrowError(/model/);
    // @ts-expect-error: a client is required.
    expect(() => createOpenAISummarizer({ model: "gpt-test" })).toThrowError(/client/);
  });
});
