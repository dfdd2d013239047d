import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

/**
 * What a provider said of its prompt cache for one request, compared with an earlier one it
 * named (Anthropic's `diagnostics.cache_miss_reason`, OpenAI's `prompt_cache_diagnostics`):
 * whether the cached prefix of that request was missed, the provider's reason as it spells it
 * (`tools_changed`, `input_changed`, …), and the input tokens it says the miss cost. Only a
 * conclusive report is one: a comparison still running, or one the provider could not make, maps
 * to no report at all.
 */
export interface CacheDiagnostics {
  /** Whether the provider could not read the compared request's prefix from its cache. */
  readonly missed: boolean;
  /** The provider's reason for the miss, in its own spelling. */
  readonly reason?: string;
  /** The input tokens the provider says it would have read from cache but for the miss. */
  readonly missedInputTokens?: number;
}

/** The schema of {@link CacheDiagnostics}; unknown fields are rejected. */
export const cacheDiagnosticsSchema = lazySchema(() =>
  z.strictObject({
    missed: z.boolean(),
    reason: z.string().min(1).exactOptional(),
    missedInputTokens: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).exactOptional(),
  }),
) satisfies z.ZodType<CacheDiagnostics>;
