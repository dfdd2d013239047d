import type { CacheUsage } from "@ctx/cache-simulator";
import type { CacheSessionReport } from "./cache-session-report.js";
import type { CacheSessionRun, ServedCacheRequest } from "./provider-cache-session.js";

/** How a scripted session meets issue 45's goals on one provider. */
export interface CacheSessionGoals {
  /**
   * The share of input tokens read from cache (0 to 1) over the requests no unavoidable cause
   * came before: a compaction, a model switch, a tools change, an idle gap past the provider's
   * longest lifetime.
   */
  readonly cachedShare: number;
  /**
   * The share of the same requests' input tokens that repeat the request before them: what any
   * cache could have read (the rest is new).
   */
  readonly repeatedShare: number;
  /**
   * What the same requests read from cache, as a share of what they repeated of the request
   * before them: of the tokens a cache could have held, how many it gave back. New input (a
   * turn's tool outputs, the user's words) is sent once and can be read by no cache, so this is
   * the share outside every miss that cannot be avoided.
   */
  readonly repeatedCachedShare: number;
  /** The requests that lost cache with no unavoidable cause before them. */
  readonly avoidable: readonly ServedCacheRequest[];
  /**
   * The first requests after a compaction that read less than their tools and base instructions:
   * the prefix a compaction leaves as it was, lost.
   */
  readonly compactionsWithoutPrefix: readonly ServedCacheRequest[];
  /** Each compaction's summary request: the share of it read from cache (0 to 1). */
  readonly summaryShares: readonly number[];
}

const unavoidableCauses = new Set(["compaction", "model-switch", "tools-change"]);

/**
 * Measures `run` against the goals: what is read from cache outside the unavoidable misses, the
 * losses that were avoidable, the compactions that lost the tools and system prefix, and how much
 * of each summary request was read. `longestLifetimeMinutes` is the longest cache lifetime the
 * provider offers: an idle gap past it is unavoidable.
 */
export function measureCacheGoals(
  run: CacheSessionRun,
  report: CacheSessionReport,
  longestLifetimeMinutes: number,
): CacheSessionGoals {
  const lost = new Set(
    [...report.breaks, ...report.misses].map((loss) => `${loss.turn}:${loss.step}`),
  );
  const unavoidable = (request: ServedCacheRequest) =>
    request.planted.some((cause) => unavoidableCauses.has(cause)) ||
    request.idleMinutes > longestLifetimeMinutes;
  let input = 0;
  let cached = 0;
  let repeated = 0;
  const avoidable: ServedCacheRequest[] = [];
  for (const [index, request] of run.requests.entries()) {
    if (index === 0 || unavoidable(request)) continue;
    input += request.usage.totalTokens;
    cached += request.usage.cachedTokens;
    repeated += request.usage.sharedTokens;
    if (lost.has(`${request.turn}:${request.step}`)) avoidable.push(request);
  }
  return {
    cachedShare: input === 0 ? 1 : cached / input,
    repeatedShare: input === 0 ? 1 : repeated / input,
    repeatedCachedShare: repeated === 0 ? 1 : cached / repeated,
    avoidable,
    compactionsWithoutPrefix: run.requests.filter(
      (request) =>
        request.planted.includes("compaction") &&
        request.usage.cachedTokens < (request.stableTokens ?? 0),
    ),
    summaryShares: run.summaries.map((usage: CacheUsage) => usage.cachedTokens / usage.totalTokens),
  };
}
