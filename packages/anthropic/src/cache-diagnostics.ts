import type { CacheDiagnostics } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { checkAnswer } from "@ctx/protocol/mapping";
import { z } from "zod";
import { provider } from "./provider.js";

const diagnosticsSchema = lazySchema(() =>
  z
    .looseObject({
      cache_miss_reason: z
        .looseObject({
          type: z.string().min(1),
          cache_missed_input_tokens: z.number().int().min(0).nullish(),
        })
        .nullish(),
    })
    .nullish(),
);

/** The reasons that say the request named by `previous_message_id` and this one parted. */
const missReasons = new Set([
  "model_changed",
  "system_changed",
  "tools_changed",
  "messages_changed",
]);

/**
 * The cache report of a Messages API answer's `diagnostics` (the `cache-diagnosis-2026-04-07`
 * beta), as `fromMessage` and `fromMessageStream` map it: a `*_changed` reason is a miss, with
 * the reason and `cache_missed_input_tokens`; no `diagnostics` for a request that was
 * `diagnosed` (it named a previous message) is no miss. Nothing conclusive maps to `undefined`:
 * no `diagnostics` otherwise (not asked), a `cache_miss_reason` of `null` (the
 * comparison was still running), `previous_message_not_found` and `unavailable` (no comparison
 * was made).
 *
 * @throws {AdapterError} coded `invalid-answer`, naming `where`, when `diagnostics` is not of
 * the documented shape.
 */
export function readCacheDiagnostics(
  diagnostics: unknown,
  where: string,
  diagnosed: boolean,
): CacheDiagnostics | undefined {
  const report = checkAnswer(provider, diagnosticsSchema, diagnostics, where);
  // Asked for with a previous message's id, no `diagnostics` at all means no divergence.
  if (report == null) return diagnosed ? { missed: false } : undefined;
  const reason = report.cache_miss_reason;
  if (reason == null || !missReasons.has(reason.type)) return undefined;
  const missedInputTokens = reason.cache_missed_input_tokens;
  return {
    missed: true,
    reason: reason.type,
    ...(missedInputTokens == null ? {} : { missedInputTokens }),
  };
}
