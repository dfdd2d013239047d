import { cacheMissDollars, defaultModelCatalog } from "@ctx/prompts";

/** What a cache break puts at stake: the tokens, and their price where the catalog has one. */
export interface CacheStake {
  /** The previous request's tokens: the most the break keeps the cache from reading. */
  readonly tokens: number;
  /** Those tokens paid again beyond a cache read, in US dollars, at `model`'s prices. */
  readonly dollars?: number;
  /** The model whose prices those are. */
  readonly model?: string;
}

/** The {@link CacheStake} of a break after a request of `tokens`, priced at `model`'s catalog entry. */
export function cacheStake(tokens: number, model: string | undefined): CacheStake {
  const pricing =
    model !== undefined && defaultModelCatalog.has(model)
      ? defaultModelCatalog.get(model).pricing
      : undefined;
  return pricing === undefined || model === undefined
    ? { tokens }
    : { tokens, dollars: cacheMissDollars(pricing, tokens), model };
}

/** One phrase for people: `up to 12,480 tokens at stake, $0.0300 at gpt-6.2-sol's prices`. */
export function describeStake(stake: CacheStake): string {
  const tokens = `up to ${stake.tokens.toLocaleString("en-US")} tokens at stake`;
  return stake.dollars === undefined
    ? tokens
    : `${tokens}, $${stake.dollars.toFixed(4)} at ${stake.model}'s prices`;
}
