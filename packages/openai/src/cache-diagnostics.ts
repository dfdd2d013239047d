import type { CacheDiagnostics } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { checkAnswer } from "@ctx/protocol/mapping";
import { z } from "zod";
import { provider } from "./provider.js";

const diagnosticsSchema = lazySchema(() =>
  z
    .looseObject({
      type: z.string().min(1),
      reason: z.string().min(1).nullish(),
      cache_missed_tokens: z.number().int().min(0).nullish(),
    })
    .nullish(),
);

/**
 * The cache report of a Responses API response's `prompt_cache_diagnostics` (asked for with
 * `prompt_cache_options.comparison_response_id`), as `fromResponse` and `fromResponseStream`
 * map it: `cache_miss` is a miss with its `reason` and `cache_missed_tokens`, `cache_hit` a
 * report of none. Nothing conclusive maps to `undefined`: no diagnostics,
 * `comparison_response_not_found` and `unavailable`.
 *
 * @throws {AdapterError} coded `invalid-answer`, naming `where`, when the diagnostics are not of
 * the documented shape.
 */
export function readCacheDiagnostics(
  diagnostics: unknown,
  where: string,
): CacheDiagnostics | undefined {
  const report = checkAnswer(provider, diagnosticsSchema, diagnostics, where);
  if (report?.type === "cache_hit") return { missed: false };
  if (report?.type !== "cache_miss") return undefined;
  const { reason, cache_missed_tokens: missedInputTokens } = report;
  return {
    missed: true,
    ...(reason == null ? {} : { reason }),
    ...(missedInputTokens == null ? {} : { missedInputTokens }),
  };
}
