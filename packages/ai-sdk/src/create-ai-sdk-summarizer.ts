import {
  AdapterError,
  ContextWindowError,
  type Summarizer,
  type SummaryRequest,
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
import type { generateText, LanguageModel, LanguageModelCallOptions, ToolSet } from "ai";
import { z } from "zod";
import { checkSchema, provider } from "./provider.js";
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
  /**
   * Ask the model for the typed compaction state beside the summary, with the AI SDK's structured
   * output (`Output.object` of `compactionAnswerJsonSchema()`, which the provider sends as its own
   * structured output): the summarizer then answers `{ text, state }`. Off by default: the
   * providers put the schema in the prompt's prefix (or, on Anthropic, a tool), so the summary
   * request no longer reads the prefix the turns cached.
   */
  readonly typedState?: boolean;
}

const optionsSchema = lazySchema(() =>
  z.strictObject({
    model: z.union([z.string().min(1), z.looseObject({ modelId: z.string() })]),
    tools: z.record(z.string(), z.looseObject({})).optional(),
    providerOptions: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
    settings: z.record(z.string(), z.unknown()).optional(),
    maxRetries: z.number().int().nonnegative().optional(),
    typedState: z.boolean().optional(),
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
 * With `typedState`, a state that fails `compactionStateSchema` is left out, the summary kept
 * (the session fills a state itself and says why in a warning); an answer without text (a
 * refusal) makes the session write its fallback summary, as does one that is not the JSON asked
 * for (cut at its output limit).
 *
 * @throws {AdapterError} when the options do not fit their schema; the summarizer it returns
 * rejects with one when the request cannot be mapped or (`invalid-answer`) a typed answer holds no
 * summary, with a `ContextWindowError` (the AI SDK's
 * `APICallError` as its `cause`) when the provider's answer (its `data`, else its response body)
 * says the request does not fit the context window — OpenAI's `context_length_exceeded`,
 * Anthropic's "prompt is too long" — so the session leaves the oldest item out and asks again,
 * and with the AI SDK's own error when the call fails otherwise or is aborted.
 * @example
 * ```ts
 * const summarizer = createAiSdkSummarizer({ model: openai("gpt-5.1-codex-mini") });
 * ```
 */
export function createAiSdkSummarizer(
  options: AiSdkSummarizerOptions & { readonly typedState: true },
): StateSummarizer;
export function createAiSdkSummarizer(options: AiSdkSummarizerOptions): Summarizer;
export function createAiSdkSummarizer(
  options: AiSdkSummarizerOptions,
): Summarizer | StateSummarizer {
  checkSchema("summarizer options", options, optionsSchema);
  const { model, tools, providerOptions, settings, maxRetries, typedState } = options;
  // Definitions only: without `execute`, a tool call in the summary's answer is never run.
  const definitions =
    tools === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(tools).map(([name, { execute: _, ...definition }]) => [name, definition]),
        );
  const ask = async (
    request: SummaryRequest,
    summaryOptions: { readonly signal: AbortSignal },
  ): Promise<{ readonly text: string; readonly output: () => unknown }> => {
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
        ...(typedState === true ? { output: answerOutput(ai) } : {}),
        ...prompt,
        abortSignal: signal,
      });
      return { text: result.text, output: () => result.output };
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
  if (typedState !== true) {
    return async (request, summaryOptions) => (await ask(request, summaryOptions)).text;
  }
  return async (request, summaryOptions) => readAnswer(await ask(request, summaryOptions));
}

/** The structured output a typed summary asks for. */
function answerOutput(ai: typeof import("ai")) {
  return ai.Output.object({
    schema: ai.jsonSchema(compactionAnswerJsonSchema()),
    name: "compaction_answer",
    description: "The summary of the conversation, and the typed state of what it must not forget.",
  });
}

/**
 * The summary and state of a typed answer: its structured output (which the AI SDK leaves
 * unread when the model stopped for another reason than the end of its answer), else its text;
 * an answer without either (a refusal) stays an empty text.
 */
function readAnswer(result: {
  readonly text: string;
  readonly output: () => unknown;
}): SummaryAnswer {
  let output: unknown;
  try {
    output = result.output();
  } catch {
    output = undefined;
  }
  if (output === undefined && result.text.trim() === "") return result.text;
  const answer = readCompactionAnswer(output ?? result.text);
  if (answer !== undefined) return answer;
  throw new AdapterError(
    "invalid-answer",
    "the model's answer is not the JSON summary and state it was asked for (it may have been cut at its output limit)",
    { provider },
  );
}
