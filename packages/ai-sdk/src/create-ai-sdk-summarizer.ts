import { parseWithSchema } from "@ctx/protocol";
import { generateText, type LanguageModel, type LanguageModelCallOptions } from "ai";
import { z } from "zod";
import { AiSdkAdapterError } from "./ai-sdk-adapter-error.js";
import type { Summarizer } from "./summarizer.js";
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
 * A {@link Summarizer} on the AI SDK's `generateText`: one call without tools, aborted when the
 * session's `signal` is, resolving to the text the model wrote.
 *
 * @throws {AiSdkAdapterError} when the options do not fit their schema; the summarizer it returns
 * rejects with one when the request cannot be mapped, and with the AI SDK's own error when the
 * call fails or is aborted.
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
    const result = await generateText({
      ...settings,
      ...(maxRetries === undefined ? {} : { maxRetries }),
      model,
      ...toPrompt(request),
      abortSignal: signal,
    });
    return result.text;
  };
}
