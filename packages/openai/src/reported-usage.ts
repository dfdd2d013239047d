import { AdapterError, type AdapterErrorCode, type ReportedUsage } from "@ctx/protocol";
import { lazySchema, parseWithSchema } from "@ctx/protocol/internal";
import type { ChatCompletion } from "openai/resources/chat/completions";
import type { Response } from "openai/resources/responses/responses";
import { z } from "zod";
import { provider } from "./provider.js";

const tokens = lazySchema(() => z.number().int().min(0));

/** Both APIs report `usage.total_tokens`; a response still in progress carries `null`. */
const responseSchema = lazySchema(() =>
  z.looseObject({
    usage: z
      .looseObject({
        total_tokens: tokens,
        // The Responses API's names.
        input_tokens: tokens.optional(),
        input_tokens_details: z
          .looseObject({ cached_tokens: tokens.nullish(), cache_write_tokens: tokens.nullish() })
          .nullish(),
        output_tokens: tokens.optional(),
        output_tokens_details: z.looseObject({ reasoning_tokens: tokens.nullish() }).nullish(),
        // Chat Completions' names.
        prompt_tokens: tokens.optional(),
        prompt_tokens_details: z
          .looseObject({ cached_tokens: tokens.nullish(), cache_write_tokens: tokens.nullish() })
          .nullish(),
        completion_tokens: tokens.optional(),
        completion_tokens_details: z.looseObject({ reasoning_tokens: tokens.nullish() }).nullish(),
      })
      .nullish(),
  }),
);

/**
 * The usage the API reported for one response, in the one shape of every adapter
 * (`ReportedUsage`): a Responses API `Response` (of a stream, the `response.completed` event's
 * `response`) or a Chat Completions `ChatCompletion`. OpenAI's input count already includes
 * the tokens read from the prompt cache, so `inputTokens` is `input_tokens` (`prompt_tokens`),
 * `cachedInputTokens` its `cached_tokens`, `cacheWriteTokens` its `cache_write_tokens`,
 * `outputTokens` `output_tokens` (`completion_tokens`, reasoning included) and
 * `reasoningTokens` its `reasoning_tokens`; `totalTokens` is `total_tokens`. A count the
 * response does not carry is absent. `undefined` when the response carries no usage (a response
 * still in progress, or a completion that was not asked for it).
 *
 * @throws {AdapterError} naming `response` when it is not an object, or its `usage` has no
 * whole `total_tokens` ≥ 0 or a count that is not one.
 * @example
 * ```ts
 * const usage = reportedUsage(response);
 * if (usage !== undefined) await session.reportUsage(usage);
 * ```
 */
export function reportedUsage(
  response: Pick<Response, "usage"> | Pick<ChatCompletion, "usage">,
): ReportedUsage | undefined {
  return readUsage(response, "response");
}

/**
 * {@link reportedUsage} of any value, for the other mappings of an answer.
 * @throws {AdapterError} naming `what` when the value's usage does not fit.
 */
export function readUsage(
  response: unknown,
  what: string,
  code: AdapterErrorCode = "invalid-argument",
): ReportedUsage | undefined {
  const { usage } = parseWithSchema(
    responseSchema,
    response,
    (problems) => new AdapterError(code, `invalid ${what}: ${problems}`, { provider }),
  );
  if (!usage) return undefined;
  const input = usage.input_tokens_details ?? usage.prompt_tokens_details;
  const output = usage.output_tokens_details ?? usage.completion_tokens_details;
  return withCounts(usage.total_tokens, {
    inputTokens: usage.input_tokens ?? usage.prompt_tokens,
    cachedInputTokens: input?.cached_tokens,
    cacheWriteTokens: input?.cache_write_tokens,
    outputTokens: usage.output_tokens ?? usage.completion_tokens,
    reasoningTokens: output?.reasoning_tokens,
  });
}

/** The total and each count the response carried; a count it did not carry is left out. */
function withCounts(
  totalTokens: number,
  counts: {
    readonly [Key in Exclude<keyof ReportedUsage, "totalTokens">]: number | null | undefined;
  },
): ReportedUsage {
  const usage: { -readonly [Key in keyof ReportedUsage]: ReportedUsage[Key] } = { totalTokens };
  for (const [key, value] of Object.entries(counts) as [keyof typeof counts, unknown][]) {
    if (typeof value === "number") usage[key] = value;
  }
  return usage;
}
