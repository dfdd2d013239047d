import type { CacheDiagnostics } from "@ctx/protocol";
import type { CtxWarning } from "@ctx/text";
import type { CacheStake } from "./cache-stake.js";
import type { ItemCategory, ReportedUsage, SessionFacts } from "./formats/transcript-entry.js";
import type { RolloutFormat } from "./formats/transcript-format.js";
import type { Measure } from "./history-totals.js";
import type { KindTotal } from "./kind-total.js";
import type { Reconciliation } from "./request-reconciliation.js";
import type { SubAgentTotal } from "./sub-agent-tally.js";

/** One item of the history (one text of a message), classified. */
export interface InspectedItem {
  /** The rollout line it was read from, from 1. */
  readonly line: number;
  /** The turn it belongs to, from 1; 0 before the first turn. */
  readonly turn: number;
  readonly category: ItemCategory;
  /** The fragment kind, `user_intent`, or the item type such as `function_call`. */
  readonly kind: string;
  readonly bytes: number;
  /** The tokens of its text; 0 when it is opaque. */
  readonly tokens: number;
  /** Set when the item is encrypted content: bytes the provider reads, no text to count. */
  readonly opaque?: true;
  /** Set when its tokens are estimated at bytes / 4, past the tokenizer's budget. */
  readonly estimated?: true;
}

/** Something that changed what later requests send. */
export interface InspectedEvent {
  readonly line: number;
  readonly turn: number;
  readonly type:
    | "fork"
    | "compaction"
    | "rollback"
    | "branch"
    | "rewind"
    | "aborted"
    | "answer-ending"
    | "cache-break"
    | "cache-report";
  readonly detail: string;
}

/** One model request: the history it sent, summed by kind, and what the provider reported. */
export interface InspectedRequest {
  readonly index: number;
  readonly line: number;
  readonly turn: number;
  /** The tokens of the base instructions and the history sent, as the rollout holds them. */
  readonly tokens: number;
  /** Set when some of those tokens are estimated at bytes / 4, past the tokenizer's budget. */
  readonly estimated?: true;
  /** Bytes sent, by kind, in the order the kinds first appear. */
  readonly bytesByKind: Readonly<Record<string, number>>;
  /** Tokens sent, by kind, in the same order. */
  readonly tokensByKind: Readonly<Record<string, number>>;
  readonly categoryOf: Readonly<Record<string, ItemCategory>>;
  /**
   * Why the prompt cache could not reuse the previous request's prefix, if it could not, with
   * what it put at stake.
   */
  readonly cacheBreak?: string;
  /** The tokens and money that break put at stake. */
  readonly cacheStake?: CacheStake;
  /** What the provider said of its prompt cache for this request, where the rollout has it. */
  readonly providerCacheReport?: CacheDiagnostics;
  /**
   * The provider's own count for the request (Codex's `token_count`, @ctx's `reported_usage`),
   * which also counts what the rollout does not hold, such as the tool definitions.
   */
  readonly reported?: ReportedUsage;
  /**
   * Set when the tokens counted are more than the provider reported as input: by how many, and
   * what of the count the provider does not read as text ({@link Reconciliation}).
   */
  readonly reconciliation?: Reconciliation;
}

/** Who the session is, as the rollout says, with every model it used (up to 16). */
export interface InspectedSession extends SessionFacts {
  readonly models: readonly string[];
}

/** What `ctx inspect` found in a rollout: totals, and the requests and events up to the limits. */
export interface RolloutInspection {
  readonly path: string;
  readonly format: RolloutFormat;
  readonly session: InspectedSession;
  /** The tokenizer every token figure is counted with (`o200k_base`). */
  readonly tokenizer: string;
  /** The texts whose tokens were estimated at bytes / 4, past the tokenizer's budget. */
  readonly estimated: { readonly items: number; readonly bytes: number };
  /** The base instructions' size, sent with every request, when the rollout recorded them. */
  readonly instructions?: Measure;
  /**
   * The provider's reported usage summed over the requests of the rollout (a report before the
   * first request, such as a fork's parent's, is left out), with how many reports it sums.
   */
  readonly reported?: ReportedUsage & { readonly reports: number };
  readonly lines: number;
  readonly turns: number;
  /** How many items the rollout holds. */
  readonly items: number;
  /** Every kind's item count and bytes, by category, then by size. */
  readonly totals: readonly KindTotal[];
  /** How many model requests were made. */
  readonly requestCount: number;
  /** The tokens every request sent, summed, kept or not. */
  readonly requestTokens: number;
  /** The first requests, up to the request limit. */
  readonly requests: readonly InspectedRequest[];
  /** How many events happened. */
  readonly eventCount: number;
  /** The first events, up to the event limit. */
  readonly events: readonly InspectedEvent[];
  /** The sub-agents whose conversations the transcript holds beside the main one, apart. */
  readonly subAgents: readonly SubAgentTotal[];
  /** The lines that could not be read: damaged, torn, of another format, or of the wrong shape. */
  readonly unreadLines: number;
  readonly warnings: readonly CtxWarning[];
}
