import { ContextWindowError, parseWithSchema, type Summarizer } from "@ctx/protocol";
import type { OpenAI } from "openai";
import type { ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";
import { z } from "zod";
import { OpenAIAdapterError } from "./openai-adapter-error.js";
import {
  type ResponsesParamsOptions,
  responsesParamsOptionsSchema,
  toResponsesParams,
} from "./to-responses-params.js";

/** Options of {@link createOpenAISummarizer}. */
export interface OpenAISummarizerOptions extends ResponsesParamsOptions {
  /** The client to call; only its `responses` resource is used. */
  readonly client: Pick<OpenAI, "responses">;
  /** The model that writes the summary. */
  readonly model: string;
  /** Further request fields (reasoning effort, `store`, …), sent unchanged. */
  readonly parameters?: Omit<
    ResponseCreateParamsNonStreaming,
    "model" | "input" | "instructions" | "prompt_cache_key" | "stream"
  >;
}

const optionsSchema = responsesParamsOptionsSchema.extend({
  client: z.looseObject({
    responses: z.looseObject({ create: z.custom((value) => typeof value === "function") }),
  }),
  model: z.string().min(1),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

/** The client's error when the API says the request does not fit the context window. */
const contextWindowErrorSchema = z.looseObject({ code: z.literal("context_length_exceeded") });

/**
 * A `@ctx/session` {@link Summarizer} on the official `openai` client's Responses API: one
 * request without streaming and without tools, aborted when the session's `signal` is.
 *
 * @throws {OpenAIAdapterError} when the options do not fit their schema; the summarizer it
 * returns rejects with one when the request cannot be mapped, with a `ContextWindowError` (the
 * client's error as its `cause`) when the API answers `context_length_exceeded`, so the session
 * leaves the oldest item out and asks again, and with the client's own error when the call
 * fails otherwise or is aborted.
 * @example
 * ```ts
 * const summarizer = createOpenAISummarizer({ client: new OpenAI(), model: "gpt-5.1-codex-mini" });
 * ```
 */
export function createOpenAISummarizer(options: OpenAISummarizerOptions): Summarizer {
  parseWithSchema(
    optionsSchema,
    options,
    (problems) => new OpenAIAdapterError(`invalid summarizer options: ${problems}`),
  );
  const { client, model, parameters, ...mapping } = options;
  return async (request, { signal }) => {
    const params = toResponsesParams(request, mapping);
    try {
      const response = await client.responses.create(
        { ...parameters, model, ...params, stream: false },
        { signal },
      );
      return response.output_text;
    } catch (error) {
      if (!contextWindowErrorSchema.safeParse(error).success) throw error;
      throw new ContextWindowError(
        `the summary request does not fit the context window of ${model}`,
        {
          cause: error,
        },
      );
    }
  };
}
