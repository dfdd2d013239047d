import { openAIRules } from "./cache-rules.js";
import {
  createRequestReader,
  type ProviderCache,
  type ProviderCacheOptions,
} from "./provider-cache.js";
import { openAIBlocks } from "./request-blocks.js";

/** The lifetime in seconds of a request in explicit mode, or `undefined` for automatic caching. */
function explicitTtl(body: Record<string, unknown>): number | undefined {
  const options = body.prompt_cache_options;
  if (typeof options !== "object" || options === null) return undefined;
  if (Reflect.get(options, "mode") !== "explicit") return undefined;
  const ttl: unknown = Reflect.get(options, "ttl") ?? "30m";
  if (ttl !== "30m" && ttl !== "12h") {
    throw new Error(
      `prompt_cache_options asks for a ttl of ${JSON.stringify(ttl)}; OpenAI offers "30m" and "12h"`,
    );
  }
  return openAIRules.explicit.ttlSeconds[ttl];
}

/**
 * OpenAI's automatic prompt cache by its documented rules ({@link openAIRules}): per model and
 * `prompt_cache_key`, every prefix of a prompt of at least 1,024 tokens is kept for its
 * retention after its last use; a later request reads its longest kept prefix, counted down to
 * 1,024 tokens and whole 128-token steps past them. A block that differs is not read in part, so
 * the simulator may count up to one block less than the provider. In explicit mode only the
 * prefixes that end at the request's latest four breakpoints are kept, for the request's `ttl`,
 * and a match is read whole.
 */
export function createOpenAICache(options: ProviderCacheOptions = {}): ProviderCache {
  const readRequest = createRequestReader(options);
  const expiries = new Map<number, number>();
  return {
    serve(body, at) {
      const root = JSON.stringify([body.model ?? null, body.prompt_cache_key ?? null]);
      const blocks = openAIBlocks(body);
      const { now, prefixes, ends, total: sum, shared } = readRequest(root, blocks, at);
      const explicit = explicitTtl(body);
      let matched = 0;
      for (let index = prefixes.length - 1; index >= 0; index -= 1) {
        if ((expiries.get(prefixes[index] ?? 0) ?? 0) > now) {
          matched = ends[index] ?? 0;
          break;
        }
      }
      const { minimumTokens, stepTokens, retentionSeconds } = openAIRules;
      const cached =
        matched < minimumTokens
          ? 0
          : explicit !== undefined
            ? matched
            : minimumTokens + Math.floor((matched - minimumTokens) / stepTokens) * stepTokens;
      if (explicit !== undefined) {
        const marked = blocks.flatMap((block, index) => (block.explicit ? [index] : []));
        for (const index of marked.slice(-openAIRules.explicit.maxBreakpoints)) {
          if ((ends[index] ?? 0) >= minimumTokens) {
            expiries.set(prefixes[index] ?? 0, now + explicit * 1000);
          }
        }
      } else if (sum >= minimumTokens) {
        const retention =
          body.prompt_cache_retention === "24h"
            ? retentionSeconds["24h"]
            : retentionSeconds.in_memory;
        for (const prefix of prefixes) expiries.set(prefix, now + retention * 1000);
      }
      return {
        totalTokens: sum,
        cachedTokens: cached,
        writtenTokens: { "5m": 0, "1h": 0 },
        uncachedTokens: sum - cached,
        sharedTokens: shared,
      };
    },
  };
}
