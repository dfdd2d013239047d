import type { RequestDifference } from "@ctx/protocol/mapping";

/**
 * What may keep the provider's prompt cache from reading a request's prefix: the model, the base
 * instructions, the tools, the cache key, the reasoning settings or the service tier changed;
 * the previous prefix outlived the cache's lifetime (`expired`); or the input differs from the
 * previous request's: a compaction, a rollback (the history was cut: the fragment kinds are
 * named when the first item it dropped was injected context) or a fragment of injected context
 * that reads otherwise in place (a rollback's turn sent again with other settings, a resume of a
 * rollout recorded with another placement).
 */
export type CacheMissCause =
  | "model"
  | "instructions"
  | "tools"
  | "cache-key"
  | "reasoning"
  | "service-tier"
  | "expired"
  | "compaction"
  | "rollback"
  | "fragment";

/** One cause the session foresees of a cache miss, before the request is sent. */
export interface PredictedCacheBreak {
  readonly cause: CacheMissCause;
  /** For an input cause, the first input item that differs from the previous request's. */
  readonly index?: number;
  /** The fragment kinds behind the differing items, when injected context is one side. */
  readonly kinds: readonly string[];
  /** The sections of those kinds. */
  readonly sections: readonly string[];
  /**
   * The tokens this cause keeps the cache from reading, by the session's tokenizer: for a
   * whole-prompt cause, the prefix this request shares with the previous one from the first part
   * the cause changes (the tools, the instructions, the input); for an input cause, the shorter
   * of the two inputs' remainders past the differing item, which the cache would have read had
   * the inputs not parted there.
   */
  readonly tokens: number;
  /** What reading those tokens again costs beyond a cache read, in US dollars, when priced. */
  readonly dollars?: number;
  /**
   * Where the serialised request first parts from the previous one (the byte offset, the path,
   * the part and an excerpt of each side), as the session option `requestBody` serialises them:
   * the same for every break of a request, the earliest cause's place. For a cause that changes
   * no byte of the body (an expired lifetime, a model the body does not name), it is where this
   * request's input goes past the previous one's. Absent without that option, on the first
   * request the session object sends (a resume's included), and when the two bodies serialise
   * alike.
   */
  readonly difference?: RequestDifference;
  /** One sentence for people. */
  readonly message: string;
}

/**
 * The cache misses a request is expected to meet, each with its cause: present on a request only
 * when there is at least one. Causes are listed in prompt order, whole-prompt ones first.
 */
export interface CachePrediction {
  readonly breaks: readonly PredictedCacheBreak[];
  /** The tokens of the previous prompt that will not be read: the largest of the breaks'. */
  readonly tokens: number;
  /**
   * Those tokens at the request's model's prices, in US dollars: the input price (or the
   * cache-write price where the provider bills writes, 5-minute lifetime) less the cached-input
   * price, per million tokens. Absent when the catalog has no prices for the model.
   */
  readonly dollars?: number;
  /** Where the serialised request first parts from the previous one; see {@link PredictedCacheBreak.difference}. */
  readonly difference?: RequestDifference;
  /** The page the prices come from, as the catalog cites it. */
  readonly pricingSource?: string;
}
