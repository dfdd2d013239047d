/**
 * What may keep the provider's prompt cache from reading a request's prefix: the model, the base
 * instructions, the tools, the cache key, the reasoning settings or the service tier changed;
 * the previous prefix outlived the cache's lifetime (`expired`); or the input differs from the
 * previous request's: a compaction, a rollback (the history itself was cut or rewritten) or a
 * fragment of injected context that changed or left.
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
   * The tokens of the previous request's prompt this cause keeps from being read, by the
   * session's tokenizer: from the first part it changes to the end of what the two requests
   * would have shared.
   */
  readonly tokens: number;
  /** What reading those tokens again costs beyond a cache read, in US dollars, when priced. */
  readonly dollars?: number;
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
  /** The page the prices come from, as the catalog cites it. */
  readonly pricingSource?: string;
}
