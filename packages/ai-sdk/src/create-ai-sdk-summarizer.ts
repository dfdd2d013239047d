import { ContextWindowError, type Summarizer, summaryOptionsSchema } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { saysContextWindowExceeded } from "@ctx/protocol/mapping";
import type { generateText, LanguageModel, LanguageModelCallOptions, ToolSet } from "ai";
import { z } from "zod";
import { checkSchema } from "./provider.js";
import { toPrompt } from "./to-prompt.js";

/**
 * A provider's language model by the fields the AI SDK reads first, rather than by its type: a
 * model of a provider package built on another copy of `@ai-sdk/provider` than the user's `ai`
 * fits too. `generateText` checks the rest when it calls the model.
 */
export interface AiSdkLanguageModel {
  readonly specificationVersion: string;
  readonly provider: string;
  readonly modelId: string;
}

/** Options of {@link createAiSdkSummarizer}. */
export interface AiSdkSummarizerOptions {
  /** The model that writes the summary: a provider's model, or a gateway model id. */
  readonly model: string | AiSdkLanguageModel;
  /**
   * The tools the session's turns send. The provider's prompt cache covers the tools before the
   * messages, so a summary request without them misses the prefix the turns warmed. They are sent
   * as definitions only: a tool the model calls in its answer is never run, and an answer with no
   * text makes the session write its fallback summary.
   */
  readonly tools?: ToolSet;
  /** Provider options sent unchanged: the turns' cache key (`openai: { promptCacheKey }`), say. */
  readonly providerOptions?: Parameters<typeof generateText>[0]["providerOptions"];
  /** Call settings (the most output tokens, temperature, …), sent unchanged. */
  readonly settings?: LanguageModelCallOptions;
  /** How often `generateText` retries a failed call; the AI SDK's default when omitted. */
  readonly maxRetries?: number;
}

const optionsSchema = lazySchema(() =>
  z.strictObject({
    model: z.union([z.string().min(1), z.looseObject({ modelId: z.string() })]),
    tools: z.record(z.string(), z.looseObject({})).optional(),
    providerOptions: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
    maxRetries: z.number().int().nonnegative().optional(),
  }),
);

/** Whether `error` is a provider's answer that the request does not fit the context window. */
function saysContextWindow(ai: typeof import("ai"), error: unknown): boolean {
  if (!ai.APICallError.isInstance(error)) return false;
  if (saysContextWindowExceeded(error.data)) return true;
  if (error.responseBody === undefined) return false;
  try {
    return saysContextWindowExceeded(JSON.parse(error.responseBody));
  } catch {
    return false;
  }
}

/**
 * A `@ctx/session` {@link Summarizer} on the AI SDK's `generateText`: one call, aborted when the
 * session's `signal` is, resolving to the text the model wrote. Given the turns' `tools` (and
 * their cache key in `providerOptions`), the request begins as the turns' requests do, so it
 * reads the prefix they cached. `ai` is loaded on the first summary, so importing this package
 * needs no `ai` installed.
 *
 * @throws {AdapterError} when the options do not fit their schema; the summarizer it returns
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
  checkSchema("summarizer options", options, optionsSchema);
  const { model, tools, providerOptions, settings, maxRetries } = options;
  // Definitions only: without `execute`, a tool call in the summary's answer is never run.
  const definitions =
    tools === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(tools).map(([name, { execute: _, ...definition }]) => [name, definition]),
        );
  return async (request, summaryOptions) => {
    const { signal } = checkSchema("options", summaryOptions, summaryOptionsSchema);
    const prompt = toPrompt(request);
    const ai = await import("ai");
    try {
      const result = await ai.generateText({
        ...settings,
        ...(maxRetries === undefined ? {} : { maxRetries }),
        // The AI SDK checks the model's specification when it calls it.
        model: model as LanguageModel,
        ...(definitions === undefined ? {} : { tools: definitions }),
        ...(providerOptions === undefined ? {} : { providerOptions }),
        ...prompt,
        abortSignal: signal,
      });
      return result.text;
    } catch (error) {
      if (!saysContextWindow(ai, error)) throw error;
      throw new ContextWindowError(
        "context-window-exceeded",
        "the summary request does not fit the model's context window",
        {
          cause: error,
        },
      );
    }
  };
}
