import type { PlantedCause, ServedCacheRequest } from "./provider-cache-session.js";

/** A request that read less than nine tenths of what the request before it sent. */
export interface CacheMiss {
  readonly turn: number;
  readonly step: number;
  readonly planted: readonly PlantedCause[];
  /** Tokens of the previous prompt (as far as this one repeats its length) not read from cache. */
  readonly missedTokens: number;
}

/** What a scripted session cost a provider's cache. */
export interface CacheSessionReport {
  readonly requests: number;
  readonly inputTokens: number;
  readonly cachedTokens: number;
  readonly writtenTokens: number;
  readonly misses: readonly CacheMiss[];
}

/**
 * Sums the served requests and finds the misses: every request after the first that read less
 * than 90% of the previous request's prompt (the part of it the request could repeat).
 */
export function reportCacheSession(served: readonly ServedCacheRequest[]): CacheSessionReport {
  const misses: CacheMiss[] = [];
  let inputTokens = 0;
  let cachedTokens = 0;
  let writtenTokens = 0;
  served.forEach((request, index) => {
    const { usage } = request;
    inputTokens += usage.totalTokens;
    cachedTokens += usage.cachedTokens;
    writtenTokens += usage.writtenTokens["5m"] + usage.writtenTokens["1h"];
    const previous = served[index - 1];
    if (previous === undefined) return;
    const repeatable = Math.min(previous.usage.totalTokens, usage.totalTokens);
    if (usage.cachedTokens < 0.9 * repeatable) {
      misses.push({
        turn: request.turn,
        step: request.step,
        planted: request.planted,
        missedTokens: repeatable - usage.cachedTokens,
      });
    }
  });
  return { requests: served.length, inputTokens, cachedTokens, writtenTokens, misses };
}
