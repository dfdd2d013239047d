import type { ReportedUsage } from "@ctx/protocol";
import { parseWithSchema } from "@ctx/protocol";
import type { LanguageModelUsage } from "ai";
import { z } from "zod";
import { AiSdkAdapterError } from "./ai-sdk-adapter-error.js";

const tokens = z.number().int().min(0).optional();

const usageSchema = z.looseObject({
  inputTokens: tokens,
  outputTokens: tokens,
  totalTokens: tokens,
});

/**
 * The usage a provider reported for one request, as `session.reportUsage` takes it, from the AI
 * SDK's `LanguageModelUsage`: `generateText`'s `result.usage` or `await streamText(…).usage`, the
 * last step's request and answer (not `totalUsage`, which adds up every step). Its `totalTokens`, else `inputTokens + outputTokens`; `undefined` when the
 * provider reported neither.
 *
 * @throws {AiSdkAdapterError} naming `usage` when it is not an object, or a count it has is not a
 * whole number ≥ 0.
 * @example
 * ```ts
 * const usage = reportedUsage(result.usage);
 * if (usage !== undefined) await session.reportUsage(usage);
 * ```
 */
export function reportedUsage(usage: LanguageModelUsage): ReportedUsage | undefined {
  const { inputTokens, outputTokens, totalTokens } = parseWithSchema(
    usageSchema,
    usage,
    (problems) => new AiSdkAdapterError(`invalid usage: ${problems}`),
  );
  if (totalTokens !== undefined) return { totalTokens };
  if (inputTokens === undefined || outputTokens === undefined) return undefined;
  return { totalTokens: inputTokens + outputTokens };
}
