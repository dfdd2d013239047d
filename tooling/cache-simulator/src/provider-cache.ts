import { createPrefixTrie } from "./prefix-trie.js";
import type { RequestBlock } from "./request-blocks.js";

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

/** One request as both simulators read it before applying their rules. */
export interface ReadRequest {
  /** The request's time, in milliseconds. */
  readonly now: number;
  /** The number of each prefix of its blocks (see `createPrefixTrie`). */
  readonly prefixes: readonly number[];
  /** The tokens of each prefix of its blocks. */
  readonly ends: readonly number[];
  /** The tokens of the whole request. */
  readonly total: number;
  /** The tokens of the longest prefix it shares with the request read before it. */
  readonly shared: number;
}

/**
 * A reader of requests for a simulator: names each prefix of a request's blocks under `root`
 * (the model, and whatever else divides the cache), counts the tokens of each prefix (each
 * distinct block once), keeps the clock (a request without a time keeps the previous one's; an
 * earlier time is refused), and says how much each request shares with the one before it.
 */
export function createRequestReader(
  options: ProviderCacheOptions,
): (root: string, blocks: readonly RequestBlock[], at: number | undefined) => ReadRequest {
  const trie = createPrefixTrie();
  const count = options.countTokens ?? ((text: string) => Math.ceil(text.length / 4));
  const counted = new Map<string, number>();
  let previous: readonly number[] = [];
  let now = 0;
  return (root, blocks, at) => {
    if (at !== undefined) {
      if (!Number.isFinite(at) || at < now) {
        throw new Error(`a request's time must be a number no earlier than ${now}, not ${at}`);
      }
      now = at;
    }
    const keys = blocks.map((block) => block.key);
    const prefixes = trie.prefixes(root, keys);
    let total = 0;
    const ends = keys.map((key) => {
      let tokens = counted.get(key);
      if (tokens === undefined) {
        tokens = count(key);
        counted.set(key, tokens);
      }
      total += tokens;
      return total;
    });
    let shared = 0;
    for (
      let index = 0;
      index < prefixes.length && prefixes[index] === previous[index];
      index += 1
    ) {
      shared = ends[index] ?? 0;
    }
    previous = prefixes;
    return { now, prefixes, ends, total, shared };
  };
}
