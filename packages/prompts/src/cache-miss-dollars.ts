import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkSchema } from "./check-argument.js";
import { type ModelPricing, modelPricingSchema } from "./model-info.js";

const tokensSchema = lazySchema(() => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));

/**
 * What a prompt cache miss of `tokens` input tokens costs at `pricing`, in US dollars, beyond
 * reading them from the cache: each token is paid again at the cache-write price where the
 * provider bills writes (else the input price), less the cached-input price it would have
 * cost (the input price when the page gives none).
 *
 * @throws {PromptsError} coded `invalid-argument` when `pricing` is not a model's pricing or
 * `tokens` is not a whole number ≥ 0.
 * @example
 * ```ts
 * cacheMissDollars(defaultModelCatalog.get("gpt-6.2-sol").pricing, 1_000_000);
 * // => 2.4
 * ```
 */
export function cacheMissDollars(pricing: ModelPricing, tokens: number): number {
  checkSchema("pricing", pricing, modelPricingSchema);
  checkSchema("tokens", tokens, tokensSchema);
  const paid = pricing.cacheWrite ?? pricing.input;
  const read = pricing.cachedInput ?? pricing.input;
  return (tokens * (paid - read)) / 1_000_000;
}
