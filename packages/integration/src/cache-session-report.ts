import type { PlantedCause, ServedCacheRequest } from "./provider-cache-session.js";

/** A request that lost part of the prefix a cache could have given it. */
export interface CacheLoss {
  readonly turn: number;
  readonly step: number;
  readonly planted: readonly PlantedCause[];
  /** Tokens lost: of the previous prompt (a break) or of the shared prefix (a miss). */
  readonly lostTokens: number;
}

/** What a scripted session cost a provider's cache. */
export interface CacheSessionReport {
  readonly requests: number;
  readonly inputTokens: number;
  readonly cachedTokens: number;
  readonly writtenTokens: number;
  /**
   * Breaks: requests that repeat less than 90% of the previous request's prompt (its length, or
   * theirs when shorter): the session rewrote the prefix (a compaction, another model).
   */
  readonly breaks: readonly CacheLoss[];
  /**
   * Misses: requests that share at least 1,024 tokens with the previous one but read less than
   * 90% of them from cache (an entry expired, a breakpoint out of reach).
   */
  readonly misses: readonly CacheLoss[];
}

/** Sums the served requests and finds their breaks and misses. */
export function reportCacheSession(served: readonly ServedCacheRequest[]): CacheSessionReport {
  const breaks: CacheLoss[] = [];
  const misses: CacheLoss[] = [];
  let inputTokens = 0;
  let cachedTokens = 0;
  let writtenTokens = 0;
  served.forEach((request, index) => {
    const { usage, turn, step, planted } = request;
    inputTokens += usage.totalTokens;
    cachedTokens += usage.cachedTokens;
    writtenTokens += usage.writtenTokens["5m"] + usage.writtenTokens["1h"];
    const previous = served[index - 1];
    if (previous === undefined) return;
    const repeatable = Math.min(previous.usage.totalTokens, usage.totalTokens);
    if (usage.sharedTokens < 0.9 * repeatable) {
      breaks.push({ turn, step, planted, lostTokens: repeatable - usage.sharedTokens });
    }
    if (usage.sharedTokens >= 1024 && usage.cachedTokens < 0.9 * usage.sharedTokens) {
      misses.push({ turn, step, planted, lostTokens: usage.sharedTokens - usage.cachedTokens });
    }
  });
  return { requests: served.length, inputTokens, cachedTokens, writtenTokens, breaks, misses };
}
