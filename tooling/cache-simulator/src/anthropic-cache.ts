import { type AnthropicTtl, anthropicMinimumTokens, anthropicRules } from "./cache-rules.js";
import {
  type CacheUsage,
  createRequestReader,
  type ProviderCache,
  type ProviderCacheOptions,
} from "./provider-cache.js";
import { anthropicBlocks } from "./request-blocks.js";

/** How the simulated Anthropic cache decides what it writes. */
export interface AnthropicCacheOptions extends ProviderCacheOptions {
  /** The shortest prefix written for a model; {@link anthropicMinimumTokens} when omitted. */
  readonly minimumTokens?: (model: string) => number;
}

interface Entry {
  expires: number;
  readonly ttl: AnthropicTtl;
}

/**
 * Anthropic's prompt cache by its documented rules ({@link anthropicRules}): per model, an entry
 * at each breakpoint whose prefix reaches the model's minimum, read back from a later breakpoint
 * that has it within 20 blocks, each hit renewing its entry's lifetime.
 */
export function createAnthropicCache(options: AnthropicCacheOptions = {}): ProviderCache {
  const readRequest = createRequestReader(options);
  const minimumTokens = options.minimumTokens ?? anthropicMinimumTokens;
  const entries = new Map<number, Entry>();
  return {
    serve(body, at) {
      const blocks = anthropicBlocks(body);
      const model = String(body.model ?? "");
      const { now, prefixes, ends, total: sum, shared } = readRequest(model, blocks, at);
      const breakpoints = blocks.flatMap((block, index) =>
        block.breakpoint === undefined ? [] : [{ index, ttl: block.breakpoint }],
      );
      checkBreakpoints(breakpoints.map((breakpoint) => breakpoint.ttl));
      const live = (index: number): Entry | undefined => {
        const entry = entries.get(prefixes[index] ?? 0);
        return entry !== undefined && entry.expires > now ? entry : undefined;
      };
      let hit = -1;
      for (const { index } of [...breakpoints].reverse()) {
        const last = Math.max(0, index - anthropicRules.lookbackBlocks + 1);
        for (let at = index; at >= last && hit < 0; at -= 1) if (live(at)) hit = at;
        if (hit >= 0) break;
      }
      const read = hit < 0 ? 0 : (ends[hit] ?? 0);
      const hitEntry = hit < 0 ? undefined : live(hit);
      if (hitEntry) hitEntry.expires = now + anthropicRules.ttlSeconds[hitEntry.ttl] * 1000;
      const written = { "5m": 0, "1h": 0 };
      let covered = read;
      const minimum = minimumTokens(model);
      for (const { index, ttl } of breakpoints) {
        const end = ends[index] ?? 0;
        if (end < minimum) continue;
        const prefix = prefixes[index] ?? 0;
        const entry = entries.get(prefix);
        const expires = now + anthropicRules.ttlSeconds[ttl] * 1000;
        if (entry !== undefined && entry.expires > now)
          entry.expires = Math.max(entry.expires, expires);
        else entries.set(prefix, { expires, ttl });
        if (end > covered) {
          written[ttl] += end - covered;
          covered = end;
        }
      }
      return usage(sum, read, written, shared);
    },
  };
}

function checkBreakpoints(ttls: readonly AnthropicTtl[]): void {
  if (ttls.length > anthropicRules.maxBreakpoints) {
    throw new Error(
      `the request has ${ttls.length} cache_control breakpoints; Anthropic takes at most ${anthropicRules.maxBreakpoints}`,
    );
  }
  const firstShort = ttls.indexOf("5m");
  if (firstShort >= 0 && ttls.slice(firstShort).includes("1h")) {
    throw new Error(
      "a 1h cache_control breakpoint comes after a 5m one; Anthropic refuses that order",
    );
  }
}

function usage(
  total: number,
  read: number,
  written: CacheUsage["writtenTokens"],
  shared: number,
): CacheUsage {
  return {
    totalTokens: total,
    cachedTokens: read,
    writtenTokens: written,
    uncachedTokens: total - read - written["5m"] - written["1h"],
    sharedTokens: shared,
  };
}
