import type { ModelCatalog, TruncationPolicy } from "@ctx/prompts";
import type { ModelAnswer, ReportedUsage, ResponseItem } from "@ctx/protocol";
import type { RequestBodyMapping } from "@ctx/protocol/mapping";
import type { Registry, StateSummarizer } from "@ctx/registry";
import type { RolloutStore } from "@ctx/rollout";
import type { CtxWarning } from "@ctx/text";
import type { CompactionOptions } from "./compaction/compaction-options.js";
import type { CompactionReport } from "./compaction/compaction-report.js";
import type { EnvelopeOptions } from "./envelope/context-message.js";
import type { HistoryEntry, Origin } from "./history/origin.js";
import type { TouchedAgentsMd } from "./injected/touched-agents-md.js";
import type { TouchedPathsOptions } from "./injected/touched-paths-schema.js";
import type { TokenUsage } from "./tokens/token-usage.js";
import type { Tokenizer } from "./tokens/tokenizer.js";
import type { CacheBreak } from "./turn/cache-break.js";
import type { CachePrediction } from "./turn/cache-prediction.js";
import type { UserInput } from "./turn/parse-user-input.js";
import type { TurnContext } from "./turn/turn-context.js";

/** Options of `createSession`; every one has a working default. */
export interface SessionOptions {
  /** The fragment kinds, in order; the standard registry when omitted. Add extension kinds here. */
  readonly registry?: Registry;
  /** The model catalog; `@ctx/prompts`' default catalog when omitted. */
  readonly catalog?: ModelCatalog;
  /**
   * Where the rollout is written; every record is durable before `beginTurn` returns. When
   * omitted, nothing is persisted.
   */
  readonly store?: RolloutStore;
  /** The id of the session in the store; a random UUID when omitted. */
  readonly sessionId?: string;
  /**
   * Base instructions to use instead of the model's. Given on a resume or a fork and different
   * from those in force, they are sent as a `<model_instructions>` update, and the next
   * compaction puts them in `instructions`; omitted there, those in force stay.
   */
  readonly baseInstructions?: string;
  /** How fragments sharing a message are joined; see {@link EnvelopeOptions}. */
  readonly separator?: EnvelopeOptions["separator"];
  /**
   * A history to continue (from `readCodexRollout`, say). It has no snapshots, so the first
   * turn sends the full context, reading sections the history already shows as unknown: an
   * AGENTS.md block there makes the current one a replacement.
   */
  readonly history?: readonly HistoryEntry[];
  /**
   * Writes compaction summaries. Without one, a compaction keeps the user's messages and a
   * summary the session writes itself from the history, with a warning. A `Summarizer` of
   * `@ctx/protocol` answers a text; one may also answer `{ text, state }` with a typed state.
   */
  readonly summarizer?: StateSummarizer;
  /** How compaction works: guidance for the summarizer, its timeout, tool-output pruning. */
  readonly compaction?: CompactionOptions;
  /**
   * What counts tokens for `tokenUsage`; when omitted, the o200k_base tokenizer, loaded on the
   * first `beginTurn` or `record` (a resume starts the load without waiting for it), with the
   * bytes/4 estimate until it is there.
   */
  readonly tokenizer?: Tokenizer;
  /**
   * The token count at which the session compacts, instead of the model's own; never past 90% of
   * the model's context window. A positive whole number.
   */
  readonly autoCompactTokenLimit?: number;
  /**
   * The context window of the session's model, in tokens, instead of the catalog's: for a model
   * the catalog does not list, or lists with a window the caller knows better. The session then
   * compacts at 90% of it (or at `autoCompactTokenLimit`, when lower), and an unknown model gets
   * no `unknown-model` warning. It applies to every model the session's turns name. A positive
   * whole number.
   */
  readonly contextWindow?: number;
  /**
   * How much of one tool output is recorded, instead of the turn's model's `truncationPolicy`
   * (`{ mode: "bytes" | "tokens", limit }`), applied like it with a fifth more room (× 1.2, as the
   * reference does); `false` records every output whole. An output over that keeps its start and
   * its end, with a note in the middle saying how much was left out, and leaves a
   * `tool-output-truncated` warning on the next request.
   */
  readonly toolOutputLimit?: TruncationPolicy | false;
  /**
   * When a request is made, in milliseconds since the epoch: the cache prediction compares the
   * gap between two requests with the provider's cache lifetime. `Date.now` when omitted.
   */
  readonly clock?: () => number;
  /**
   * How the caller serialises each request for its provider: an adapter's ready-made mapping
   * (`messagesRequestBody`, `responsesRequestBody`, `promptRequestBody`), whose `body` the
   * caller's `callModel` then sends. Each request is serialised once more by the session and
   * compared with the previous one's body, so every predicted cache break carries the first
   * differing byte of the request (`difference`). Without it, predictions carry no byte.
   */
  readonly requestBody?: RequestBodyMapping;
}

/** Options of {@link Session.compact}. */
export interface CompactOptions {
  /**
   * A compacted history to install instead of summarizing: a provider's compacted items passed
   * through `filterCompactedItems`.
   */
  readonly replacement?: readonly HistoryEntry[];
  /** Rules for this summary, after the session's `compaction.guidance`. */
  readonly guidance?: string;
  /** Stops the summarizer; the session then writes a fallback summary. */
  readonly signal?: AbortSignal;
}

/** Options of {@link Session.beginTurn} and {@link Session.nextRequest}. */
export interface RequestOptions {
  /**
   * The turn's signal: it stops a compaction's summarizer, and once it has aborted the call
   * writes nothing (no compaction, no context, no user message) and rejects with its reason.
   */
  readonly signal?: AbortSignal;
}

/** Exactly what goes to the model for one request. */
export interface ModelRequest {
  /** The base instructions (the Responses API's `instructions`). */
  readonly instructions: string;
  /** The history, context first, then the turn's updates and the user's message. */
  readonly input: readonly ResponseItem[];
  /** Every limit reached on the way: a fragment over its size, a cut AGENTS.md, … */
  readonly warnings: readonly CtxWarning[];
  /** Present when `input` does not begin with the previous request's input. */
  readonly cacheBreak?: CacheBreak;
  /**
   * Present when the provider's prompt cache is expected to miss part of the previous request's
   * prompt: every cause (model, instructions, tools and settings, lifetime, compaction,
   * rollback, fragment) with the tokens and money at stake.
   */
  readonly cachePrediction?: CachePrediction;
  /** Present when the history was compacted since the previous request. */
  readonly compaction?: CompactionReport;
}

/**
 * A conversation with a model: turn assembly, diffing, history and its rollout. Each session
 * object is one writer of its rollout: its state moves only once the store has acknowledged a
 * write, and once another writer (another process that resumed the session, say) has appended,
 * every write of this one is refused with a `RolloutConflictError` and changes nothing.
 */
export interface Session {
  /** The id of the session's rollout. */
  readonly id: string;
  /**
   * Begins a turn: validates `turnContext`, sends the full context on a first turn (or once the
   * baseline is lost) and afterwards only what changed, records it and the user's message, and
   * returns the request; add what the session does not own (tools, say) by spreading it in.
   * @throws {SessionError} when the turn context, the input or `options` does not fit its schema.
   * @throws {FragmentError} when a turn-state slot does not fit its section's schema.
   * @throws the reason of `options.signal` once it has aborted: nothing of the turn is written.
   * @throws {RolloutConflictError} when this session is no longer its rollout's writer (another
   * writer appended since it last did): nothing changed, here or in the store; resume again.
   */
  beginTurn(
    turnContext: TurnContext,
    userInput: UserInput,
    options?: RequestOptions,
  ): Promise<ModelRequest>;
  /**
   * The next request of the current turn, once the model's output and the tools' results are
   * recorded. When they left the history over the model's compaction limit, it is compacted
   * first and the full current context goes in just before the last message of the user's.
   * @throws {SessionError} when no turn has begun, or `options` does not fit its type.
   * @throws the reason of `options.signal` once it has aborted: nothing is written.
   * @throws {RolloutConflictError} when this session is no longer its rollout's writer (another
   * writer appended since it last did): nothing changed, here or in the store; resume again.
   */
  nextRequest(options?: RequestOptions): Promise<ModelRequest>;
  /**
   * Compacts the history now: summarizes it (or installs `options.replacement`) and keeps the
   * user's messages, so the next request sends the full current context, then those messages,
   * then the summary. Returns what it did; `undefined` when there was nothing to compact (no
   * history, or nothing new since the last compaction).
   * @throws {SessionError} when `options` does not fit its type, or the history has no model.
   * @throws {RolloutConflictError} when this session is no longer its rollout's writer (another
   * writer appended since it last did): nothing changed, here or in the store; resume again.
   */
  compact(options?: CompactOptions): Promise<CompactionReport | undefined>;
  /**
   * Records what the model and the tools produced. Items of a tool's output type are the tool's;
   * everything else is the model's unless `origin` says otherwise.
   * @throws {SessionError} naming the argument when `items` is not an array of response items or
   * `origin` is not an {@link Origin}, before anything is written.
   * @throws {RolloutConflictError} when this session is no longer its rollout's writer (another
   * writer appended since it last did): nothing changed, here or in the store; resume again.
   */
  record(items: readonly ResponseItem[], origin?: Origin): Promise<void>;
  /**
   * Hands the model, just in time, the AGENTS.md files of the folders a tool call touched:
   * for each of `paths` (files or folders, relative ones from the environment's cwd), every
   * AGENTS.md between the project root and that folder that the latest turn's discovery did not
   * load and the history does not show yet is recorded after the history, one
   * `nested_agents_md` context message per file, reading as that folder's AGENTS.md block. A
   * compaction puts them back (see "What survives" in the README); what was handed out is read
   * from the history, so it holds after a resume or a fork. Nothing is recorded before this
   * session object began a turn with AGENTS.md (a resumed or forked one included: a tool call
   * comes inside a turn), or for a path outside the project.
   * @throws {SessionError} naming `paths` or `options` when one does not fit its type, or
   * `options.fs` when the turn's AGENTS.md was given loaded and no file system was named.
   * @throws {RolloutConflictError} when this session is no longer its rollout's writer (another
   * writer appended since it last did): nothing changed, here or in the store; resume again.
   */
  recordTouchedPaths(
    paths: readonly string[],
    options?: TouchedPathsOptions,
  ): Promise<TouchedAgentsMd>;
  /**
   * Records one answer of the model whole, in one write: its items, its usage (as `reportUsage`
   * takes it) and, when it did not complete, how it ended (an `answer_ending` record). The whole
   * answer is checked first, so an answer with one wrong item or a wrong usage writes nothing.
   * @throws {SessionError} naming `answer` and the path at fault when it does not fit
   * `ModelAnswer`, before anything is written.
   * @throws {RolloutConflictError} when this session is no longer its rollout's writer (another
   * writer appended since it last did): nothing changed, here or in the store; resume again.
   */
  recordAnswer(answer: ModelAnswer): Promise<void>;
  /**
   * Gives the session the provider's usage for the latest response, once its items are recorded:
   * until the history is replaced (a compaction, a rollback), `tokenUsage` and the compaction
   * triggers take the reported total plus the session's own count of what is recorded after the
   * last model-generated item, so what the session never sees (the caller's tool definitions,
   * say) counts too. Written to the rollout, so a resume compacts at the same point.
   * @throws {SessionError} naming `usage` when it does not fit {@link ReportedUsage}.
   * @throws {RolloutConflictError} when this session is no longer its rollout's writer (another
   * writer appended since it last did): nothing changed, here or in the store; resume again.
   */
  reportUsage(usage: ReportedUsage): Promise<void>;
  /** The history with the origin of each item. */
  history(): readonly HistoryEntry[];
  /**
   * Drops the last `userTurns` real user turns and the context that came with them; returns how
   * many were dropped. When a dropped message mixed injected and plain developer text, the next
   * turn sends the full context again.
   * @throws {SessionError} when `userTurns` is not a positive integer.
   * @throws {RolloutConflictError} when this session is no longer its rollout's writer (another
   * writer appended since it last did): nothing changed, here or in the store; resume again.
   */
  rollback(userTurns: number): Promise<number>;
  /**
   * How many tokens the next request carries (the provider's latest report and what came after
   * it, else the base instructions and every item of the current prompt view), the limits of the
   * latest turn's model, and what takes the most. Each item is counted once, so a call after a
   * turn counts only what the turn added.
   */
  tokenUsage(): TokenUsage;
}
