import {
  AdapterError,
  ContextWindowError,
  type Summarizer,
  summaryOptionsSchema,
} from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { saysContextWindowExceeded } from "@ctx/protocol/mapping";
import {
  compactionAnswerJsonSchema,
  readCompactionAnswer,
  type StateSummarizer,
  type SummaryAnswer,
} from "@ctx/registry";
import type { ResponseCreateParamsNonStreaming, Tool } from "openai/resources/responses/responses";
import { z } from "zod";
import { checkSchema, provider } from "./provider.js";
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
  /**
   * Ask the model for the typed compaction state beside the summary, with structured output
   * (`text.format`, a strict `json_schema` of `{ summary, state }`): the summarizer then answers
   * `{ text, state }`. Off by default: OpenAI puts the schema before the instructions, so the
   * summary request no longer reads the prefix the turns cached.
   */
  readonly typedState?: boolean;
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
    typedState: z.boolean().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
);

/**
 * A `@ctx/session` {@link Summarizer} on the official `openai` client's Responses API: one
 * request without streaming, aborted when the session's `signal` is. Given the turns' `tools`
 * and `promptCacheKey`, the request begins as the turns' requests do (the same tools, the same
 * instructions, the history as sent), so the provider serves that prefix from its prompt cache.
 *
 * With `typedState`, the model answers the summary and the typed state as JSON of
 * `compactionAnswerJsonSchema()`: a state that fails `compactionStateSchema` is left out, the
 * summary kept (the session fills a state itself and says why in a warning); a refusal has no text,
 * so the session writes its fallback summary, as it does for an answer that is not that JSON (one
 * cut at its output limit).
 *
 * @throws {AdapterError} when the options do not fit their schema; the summarizer it
 * returns rejects with one when the request cannot be mapped or (`invalid-answer`) a typed
 * answer holds no summary, with a `ContextWindowError` (the client's error as its `cause`) when
 * the API answers `context_length_exceeded`, so the session leaves the oldest item out and asks
 * again, and with the client's own error when the call fails otherwise or is aborted.
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
export function createOpenAISummarizer(
  options: OpenAISummarizerOptions & { readonly typedState: true },
): StateSummarizer;
export function createOpenAISummarizer(options: OpenAISummarizerOptions): Summarizer;
export function createOpenAISummarizer(
  options: OpenAISummarizerOptions,
): Summarizer | StateSummarizer {
  checkSchema("summarizer options", options, optionsSchema);
  const { client, model, tools, typedState, parameters, ...mapping } = options;
  const ask = async (
    request: Parameters<Summarizer>[0],
    summaryOptions: Parameters<Summarizer>[1],
  ): Promise<string> => {
    const { signal } = checkSchema("options", summaryOptions, summaryOptionsSchema);
    const params = toResponsesParams(request, mapping);
    try {
      const response = await client.responses.create(
        {
          ...parameters,
          model,
          ...(tools === undefined ? {} : { tools: [...tools] }),
          ...params,
          ...(typedState === true ? { text: { ...parameters?.text, format: answerFormat() } } : {}),
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
  if (typedState !== true) return ask;
  return async (request, summaryOptions) => readAnswer(await ask(request, summaryOptions));
}

/** The structured output a typed summary asks for. */
function answerFormat() {
  return {
    type: "json_schema" as const,
    name: "compaction_answer",
    strict: true,
    schema: compactionAnswerJsonSchema(),
  };
}

/** The summary and state of a typed answer's text; an empty text (a refusal) stays empty. */
function readAnswer(text: string): SummaryAnswer {
  if (text.trim() === "") return text;
  const answer = readCompactionAnswer(text);
  if (answer !== undefined) return answer;
  throw new AdapterError(
    "invalid-answer",
    "the model's answer is not the JSON summary and state it was asked for (it may have been cut at its output limit)",
    { provider },
  );
}
