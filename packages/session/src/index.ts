export { buildContextUpdate } from "./build-context-update.js";
export { buildInitialContext } from "./build-initial-context.js";
export type { CacheBreak } from "./cache-break.js";
export { classifyHistory } from "./classify-history.js";
export type { CompactionOptions } from "./compaction/compaction-options.js";
export type { CompactionReport, CompactionTrigger } from "./compaction/compaction-report.js";
export { filterCompactedItems } from "./compaction/filter-compacted-items.js";
export {
  type ContextMessage,
  createContextMessage,
  type EnvelopeOptions,
} from "./context-message.js";
export { createSession } from "./create-session.js";
export {
  buildEnvironmentProfile,
  type EnvironmentProfile,
  type EnvironmentProfileOptions,
} from "./environment-profile.js";
export { type ForkOptions, forkSession } from "./fork-session.js";
export type { HistoryEntry, Origin } from "./origin.js";
export type { UserInput } from "./parse-user-input.js";
export { normalizeHistory } from "./prompt-builder.js";
export { readCodexRollout } from "./read-codex-rollout.js";
export { type ResumeOptions, resumeSession } from "./resume-session.js";
export { type RunTurnOptions, runTurn, type ToolCall, type TurnOutcome } from "./run-turn.js";
export type {
  CompactOptions,
  ModelRequest,
  Session,
  SessionOptions,
} from "./session.js";
export {
  SessionError,
  type SessionErrorCode,
  type SessionErrorOptions,
} from "./session-error.js";
export { sessionRecordTypes } from "./session-records.js";
export { systemTimeZone } from "./system-time-zone.js";
export { approximateTokenizer } from "./tokens/approximate-tokenizer.js";
export { countItemTokens, imageTokens } from "./tokens/count-item-tokens.js";
export { loadDefaultTokenizer } from "./tokens/load-default-tokenizer.js";
export {
  type ModelWindow,
  resolveTokenLimits,
  type TokenLimitOptions,
  type TokenLimits,
} from "./tokens/token-limits.js";
export type { ItemTokens, KindTokens, TokenUsage } from "./tokens/token-usage.js";
export type { Tokenizer } from "./tokens/tokenizer.js";
export {
  type ParsedTurnContext,
  parseTurnContext,
  type TurnContext,
  turnContextSchema,
} from "./turn-context.js";
export {
  createTypedMessageMatcher,
  type MatchedMessage,
  type TypedMessageMatcher,
} from "./typed-message-matcher.js";
