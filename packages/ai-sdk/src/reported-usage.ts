import type { ReportedUsage } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import type { LanguageModelUsage } from "ai";
import { z } from "zod";
import { checkSchema } from "./provider.js";

const tokens = lazySchema(() => z.number().int().min(0).optional());

const usageSchema = lazySchema(() =>
  z.looseObject({
    inputTokens: tokens,
    inputTokenDetails: z
      .looseObject({ cacheReadTokens: tokens, cacheWriteTokens: tokens })
      .optional(),
    outputTokens: tokens,
    outputTokenDetails: z.looseObject({ reasoningTokens: tokens }).optional(),
    totalTokens: tokens,
  }),
);

/**
 * The usage a provider reported for one request, in the one shape of every adapter
 * (`ReportedUsage`), from the AI SDK's `LanguageModelUsage`: `generateText`'s `result.usage` or
 * `await streamText(…).usage`, the last step's request and answer (not `totalUsage`, which adds
 * up every step). The AI SDK already gives every provider's counts one meaning (its
 * `inputTokens` includes the cached input, for Anthropic too), so `inputTokens`,
 * `cachedInputTokens` (`inputTokenDetails.cacheReadTokens`), `cacheWriteTokens`,
 * `outputTokens` and `reasoningTokens` (`outputTokenDetails.reasoningTokens`) are its counts, each
 * absent when the provider did not report it. `totalTokens` is its `totalTokens`, else
 * `inputTokens + outputTokens`; the result is `undefined` when the provider reported neither.
 *
 * @throws {AdapterError} naming `usage` when it is not an object, or a count it has is not a
 * whole number ≥ 0.
 * @example
 * ```ts
 * const usage = reportedUsage(result.usage);
 * if (usage !== undefined) await session.reportUsage(usage);
 * ```
 */
export function reportedUsage(usage: LanguageModelUsage): ReportedUsage | undefined {
  const counts = checkSchema("usage", usage, usageSchema);
  const { inputTokens, outputTokens } = counts;
  const totalTokens =
    counts.totalTokens ??
    (inputTokens === undefined || outputTokens === undefined
      ? undefined
      : inputTokens + outputTokens);
  if (totalTokens === undefined) return undefined;
  const cachedInputTokens = counts.inputTokenDetails?.cacheReadTokens;
  const cacheWriteTokens = counts.inputTokenDetails?.cacheWriteTokens;
  const reasoningTokens = counts.outputTokenDetails?.reasoningTokens;
  return {
    totalTokens,
    ...(inputTokens === undefined ? {} : { inputTokens }),
    ...(cachedInputTokens === undefined ? {} : { cachedInputTokens }),
    ...(cacheWriteTokens === undefined ? {} : { cacheWriteTokens }),
    ...(outputTokens === undefined ? {} : { outputTokens }),
    ...(reasoningTokens === undefined ? {} : { reasoningTokens }),
  };
}
