import { ContextWindowError, type Summarizer, summaryOptionsSchema } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { saysContextWindowExceeded } from "@ctx/protocol/mapping";
import type { ResponseCreateParamsNonStreaming, Tool } from "openai/resources/responses/responses";
import { z } from "zod";
import { checkSchema } from "./provider.js";
import {
  type ResponsesParamsOptions,
  responsesParamsOptionsSchema,
  toResponsesParams,
} from "./to-responses-params.js";

/**
 * The one method of the `openai` client a summarizer calls, `client.responses.create`, by its
 * shape rather than the SDK's class, so a client of any `openai` version the adapter supports
 * fits, even one of another copy of the SDK than the adapter's.
 */
export interface OpenAIResponsesClient {
  readonly responses: {
    create(
      body: ResponseCreateParamsNonStreaming,
      options: { signal: AbortSignal },
    ): PromiseLike<{ readonly output_text: string }>;
  };
}

/** Options of {@link createOpenAISummarizer}. */
export interface OpenAISummarizerOptions extends ResponsesParamsOptions {
  /** The client to call: `new OpenAI()` of the user's own `openai`; only `responses.create` is used. */
  readonly client: OpenAIResponsesClient;
  /** The model that writes the summary. */
  readonly model: string;
  /**
   * The tools the session's turns send, exactly as they send them. The provider's prompt cache
   * covers the tools before the input, so a summary request without them misses the prefix the
   * turns warmed; with them (and the turns' `promptCacheKey`), it reads it. The model is asked
   * for a summary, not a tool call: an answer with no text makes the session write its fallback
   * summary.
   */
  readonly tools?: readonly Tool[];
  /** Further request fields (reasoning effort, `store`, …), sent unchanged. */
  readonly parameters?: Omit<
    ResponseCreateParamsNonStreaming,
    "model" | "input" | "instructions" | "prompt_cache_key" | "stream" | "tools"
  >;
}

const optionsSchema = lazySchema(() =>
  responsesParamsOptionsSchema.extend({
    client: z.looseObject({
      responses: z.looseObject({ create: z.custom((value) => typeof value === "function") }),
    }),
    model: z.string().min(1),
    tools: z.array(z.looseObject({ type: z.string() })).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
);

/**
 * A `@ctx/session` {@link Summarizer} on the official `openai` client's Responses API: one
 * request without streaming, aborted when the session's `signal` is. Given the turns' `tools`
 * and `promptCacheKey`, the request begins as the turns' requests do (the same tools, the same
 * instructions, the history as sent), so the provider serves that prefix from its prompt cache.
 *
 * @throws {AdapterError} when the options do not fit their schema; the summarizer it
 * returns rejects with one when the request cannot be mapped, with a `ContextWindowError` (the
 * client's error as its `cause`) when the API answers `context_length_exceeded`, so the session
 * leaves the oldest item out and asks again, and with the client's own error when the call
 * fails otherwise or is aborted.
 * @example
 * ```ts
 * const summarizer = createOpenAISummarizer({
 *   client: new OpenAI(),
 *   model: "gpt-5.1-codex",
 *   tools,
 *   promptCacheKey: sessionId,
 * });
 * ```
 */
export function createOpenAISummarizer(options: OpenAISummarizerOptions): Summarizer {
  checkSchema("summarizer options", options, optionsSchema);
  const { client, model, tools, parameters, ...mapping } = options;
  return async (request, summaryOptions) => {
    const { signal } = checkSchema("options", summaryOptions, summaryOptionsSchema);
    const params = toResponsesParams(request, mapping);
    try {
      const response = await client.responses.create(
        {
          ...parameters,
          model,
          ...(tools === undefined ? {} : { tools: [...tools] }),
          ...params,
          stream: false,
        },
        { signal },
      );
      return response.output_text;
    } catch (error) {
      if (!saysContextWindowExceeded(error)) throw error;
      throw new ContextWindowError(
        "context-window-exceeded",
        `the summary request does not fit the context window of ${model}`,
        {
          cause: error,
        },
      );
    }
  };
}
