/**
 * Prices per million tokens, as a model catalog's `pricing` gives them (`@ctx/prompts`'s
 * `ModelPricing` fits). What is omitted follows Anthropic's multipliers of the input price
 * (https://platform.claude.com/docs/en/build-with-claude/prompt-caching#pricing, read
 * 2026-12-07): a 5-minute cache write 1.25 times, a 1-hour one 2 times, a cache read 0.1 times.
 */
export interface CachePricing {
  readonly input: number;
  readonly cachedInput?: number;
  /** A 5-minute cache write. */
  readonly cacheWrite?: number;
  /** A 1-hour cache write. */
  readonly cacheWriteLong?: number;
}

/** What the 1-hour lifetime is weighed on, in tokens (any unit shared by both counts). */
export interface LongTtlCase {
  /** How likely an idle gap longer than 5 minutes and shorter than an hour follows the request. */
  readonly gapChance: number;
  /** The prefix the request leaves cached: what such a gap would make the next one write again. */
  readonly prefixTokens: number;
  /** What a request writes, beyond what it reads: what the 1-hour lifetime makes dearer. */
  readonly writtenTokens: number;
}

/**
 * Whether the 1-hour lifetime costs less than the 5-minute one: the dearer write of what each
 * request writes, against the chance of an idle gap times the prefix it would write again
 * instead of reading it.
 */
export function longTtlPays(pricing: CachePricing, weighed: LongTtlCase): boolean {
  const { input } = pricing;
  const write = pricing.cacheWrite ?? 1.25 * input;
  const writeLong = pricing.cacheWriteLong ?? 2 * input;
  const read = pricing.cachedInput ?? 0.1 * input;
  const saved = weighed.gapChance * (write - read) * weighed.prefixTokens;
  return saved > (writeLong - write) * weighed.writtenTokens;
}
