/** What a provider's cache made of one request, in tokens. */
export interface CacheUsage {
  /** The whole prompt. */
  readonly totalTokens: number;
  /** Read from the cache. */
  readonly cachedTokens: number;
  /** Written to the cache by this request, by lifetime (OpenAI writes for free: always 0). */
  readonly writtenTokens: { readonly "5m": number; readonly "1h": number };
  /** Neither read nor written: processed at the plain input price. */
  readonly uncachedTokens: number;
  /**
   * The tokens of the longest prefix this request shares with the one served before it (same
   * model and, for OpenAI, same cache key): what a cache that kept the previous request could
   * have given back. 0 for the first request.
   */
  readonly sharedTokens: number;
}

/** A provider's prompt cache, kept across the requests it serves. */
export interface ProviderCache {
  /**
   * Serves one request body (the provider's JSON) at time `at` (milliseconds; the previous
   * request's time when omitted, 0 for the first): reads what the provider's rules let it read,
   * writes what they write, and says how many tokens went which way.
   *
   * @throws {Error} for a body the provider would refuse for its cache marks (an Anthropic body
   * with more than four breakpoints, or a 1-hour one after a 5-minute one).
   */
  serve(body: Record<string, unknown>, at?: number): CacheUsage;
}

/** How a simulated cache counts tokens. */
export interface ProviderCacheOptions {
  /**
   * The tokens of a block's text, as the cache compares it (its JSON); a token per four
   * characters, rounded up, when omitted. A block's count is taken once.
   */
  readonly countTokens?: (text: string) => number;
}

/**
 * A counter of prefix lengths: given the keys of a request's blocks, the tokens of each prefix
 * (element `i` counts `keys[0..i]`). Each distinct key is counted once.
 */
export function prefixTokenCounter(
  options: ProviderCacheOptions,
): (keys: readonly string[]) => number[] {
  const count = options.countTokens ?? ((text: string) => Math.ceil(text.length / 4));
  const counted = new Map<string, number>();
  return (keys) => {
    let sum = 0;
    return keys.map((key) => {
      let tokens = counted.get(key);
      if (tokens === undefined) {
        tokens = count(key);
        counted.set(key, tokens);
      }
      sum += tokens;
      return sum;
    });
  };
}

/**
 * A tracker of what each request shares with the one before it: given a request's prefix
 * numbers and prefix lengths, the tokens of the longest prefix the previous request also had.
 */
export function sharedPrefixTracker(): (
  prefixes: readonly number[],
  ends: readonly number[],
) => number {
  let previous: readonly number[] = [];
  return (prefixes, ends) => {
    let shared = 0;
    for (
      let index = 0;
      index < prefixes.length && prefixes[index] === previous[index];
      index += 1
    ) {
      shared = ends[index] ?? 0;
    }
    previous = prefixes;
    return shared;
  };
}

/** A clock that keeps the previous request's time when a request gives none. */
export function requestClock(): (at: number | undefined) => number {
  let now = 0;
  return (at) => {
    if (at !== undefined) {
      if (!Number.isFinite(at) || at < now) {
        throw new Error(`a request's time must be a number no earlier than ${now}, not ${at}`);
      }
      now = at;
    }
    return now;
  };
}
