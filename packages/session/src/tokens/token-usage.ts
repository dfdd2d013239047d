import type { Origin } from "../history/origin.js";

/** The tokens of one bucket of a {@link TokenUsage}. */
export interface KindTokens {
  /**
   * A fragment kind's `type` for injected context (`environment_context`, `agents_md`, …);
   * `context` for an injected message whose kinds are not known (a history read from elsewhere);
   * `instructions` for the base instructions; `user`, `model` or `tool` for the other items.
   */
  readonly kind: string;
  readonly tokens: number;
}

/** One of the items that cost the most. */
export interface ItemTokens {
  /** Its index in `session.history()`. */
  readonly index: number;
  readonly origin: Origin;
  readonly tokens: number;
}

/** How many tokens a session's next request carries, and how close that is to its limits. */
export interface TokenUsage {
  /**
   * The tokens the next request carries, which the session compares with its limits: with a
   * provider's report (`source: "reported"`), the reported total plus the session's own count of
   * the items recorded after the last model-generated item it covered; otherwise (`"counted"`)
   * the session's own count, `counted`.
   */
  readonly used: number;
  /**
   * `"reported"` while a `reportUsage` total stands (until the history is replaced by a
   * compaction or a rollback), else `"counted"`.
   */
  readonly source: "reported" | "counted";
  /** The session's own count: the base instructions plus every item the next request carries. */
  readonly counted: number;
  /**
   * Where the session compacts (see `resolveTokenLimits`), for the model of the latest turn;
   * `undefined` before the first turn, or when no limit is known.
   */
  readonly limit: number | undefined;
  /** The model's context window; `undefined` as for `limit`. */
  readonly window: number | undefined;
  /** The share of the window the history may fill; `undefined` as for `limit`. */
  readonly usableWindow: number | undefined;
  /**
   * The name of the tokenizer that counted: the session's own, else `o200k_base`, or `bytes/4`
   * while the default tokenizer has not loaded yet (before the session's first `beginTurn` or
   * `record`; a resume starts the load without waiting for it) or could not be loaded.
   */
  readonly tokenizer: string;
  /** `counted` split by bucket, largest first. */
  readonly byKind: readonly KindTokens[];
  /** The ten history items that cost the most, largest first (synthetic outputs are left out). */
  readonly largestItems: readonly ItemTokens[];
}
