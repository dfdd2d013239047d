import { ContextWindowError, parseWithSchema, type Summarizer } from "@ctx/protocol";
import { APICallError, generateText, type LanguageModel, type LanguageModelCallOptions } from "ai";
import { z } from "zod";
import { AiSdkAdapterError } from "./ai-sdk-adapter-error.js";
import { toPrompt } from "./to-prompt.js";

/** Options of {@link createAiSdkSummarizer}. */
export interface AiSdkSummarizerOptions {
  /** The model that writes the summary: a provider's model, or a gateway model id. */
  readonly model: LanguageModel;
  /** Call settings (the most output tokens, temperature, …), sent unchanged. */
  readonly settings?: LanguageModelCallOptions;
  /** How often `generateText` retries a failed call; the AI SDK's default when omitted. */
  readonly maxRetries?: number;
}

const optionsSchema = z.strictObject({
  model: z.union([z.string().min(1), z.looseObject({ modelId: z.string() })]),
  settings: z.record(z.string(), z.unknown()).optional(),
  maxRetries: z.number().int().nonnegative().optional(),
});

/**
 * A provider's error body that says the request does not fit the context window: OpenAI's
 * `context_length_exceeded` code, or Anthropic's 400 `invalid_request_error` whose message says
 * the prompt is too long (or that the input and `max_tokens` exceed the context limit).
 */
const contextWindowBodySchema = z.union([
  z.looseObject({ error: z.looseObject({ code: z.literal("context_length_exceeded") }) }),
  z.looseObject({
    error: z.looseObject({
      type: z.literal("invalid_request_error"),
      message: z
        .string()
        .regex(/^(prompt is too long|input length and `max_tokens` exceed context limit)\b/i),
    }),
  }),
]);

/** Whether `error` is a provider's answer that the request does not fit the context window. */
function saysContextWindow(error: unknown): boolean {
  if (!APICallError.isInstance(error)) return false;
  if (contextWindowBodySchema.safeParse(error.data).success) return true;
  if (error.responseBody === undefined) return false;
  try {
    return contextWindowBodySchema.safeParse(JSON.parse(error.responseBody)).success;
  } catch {
    return false;
  }
}

/**
 * A `@ctx/session` {@link Summarizer} on the AI SDK's `generateText`: one call without tools,
 * aborted when the session's `signal` is, resolving to the text the model wrote.
 *
 * @throws {AiSdkAdapterError} when the options do not fit their schema; the summarizer it returns
 * rejects with one when the request cannot be mapped, with a `ContextWindowError` (the AI SDK's
 * `APICallError` as its `cause`) when the provider's answer (its `data`, else its response body)
 * says the request does not fit the context window — OpenAI's `context_length_exceeded`,
 * Anthropic's "prompt is too long" — so the session leaves the oldest item out and asks again,
 * and with the AI SDK's own error when the call fails otherwise or is aborted.
 * @example
 * ```ts
 * const summarizer = createAiSdkSummarizer({ model: openai("gpt-5.1-codex-mini") });
 * ```
 */
export function createAiSdkSummarizer(options: AiSdkSummarizerOptions): Summarizer {
  parseWithSchema(
    optionsSchema,
    options,
    (problems) => new AiSdkAdapterError(`invalid summarizer options: ${problems}`),
  );
  const { model, settings, maxRetries } = options;
  return async (request, { signal }) => {
    const prompt = toPrompt(request);
    try {
      const result = await generateText({
        ...settings,
        ...(maxRetries === undefined ? {} : { maxRetries }),
        model,
        ...prompt,
        abortSignal: signal,
      });
      return result.text;
    } catch (error) {
      if (!saysContextWindow(error)) throw error;
      throw new ContextWindowError("the summary request does not fit the model's context window", {
        cause: error,
      });
    }
  };
}
