export type { CompactionOptions } from "./compaction/compaction-options.js";
export type { CompactionReport, CompactionTrigger } from "./compaction/compaction-report.js";
export { filterCompactedItems } from "./compaction/filter-compacted-items.js";
export { createSession } from "./create-session.js";
export { buildContextUpdate } from "./envelope/build-context-update.js";
export { buildInitialContext } from "./envelope/build-initial-context.js";
export {
  type ContextMessage,
  createContextMessage,
  type EnvelopeOptions,
} from "./envelope/context-message.js";
export { classifyHistory } from "./history/classify-history.js";
export type { HistoryEntry, Origin } from "./history/origin.js";
export { normalizeHistory } from "./history/prompt-builder.js";
export { type ForkOptions, forkSession } from "./log/fork-session.js";
export { readCodexRollout } from "./log/read-codex-rollout.js";
export { type ResumeOptions, resumeSession } from "./log/resume-session.js";
export { sessionRecordTypes } from "./log/session-records.js";
export {
  createTypedMessageMatcher,
  type MatchedMessage,
  type TypedMessageMatcher,
} from "./log/typed-message-matcher.js";
export type {
  CompactOptions,
  ModelRequest,
  RequestOptions,
  Session,
  SessionOptions,
} from "./session.js";
export {
  SessionError,
  type SessionErrorCode,
  type SessionErrorOptions,
} from "./session-error.js";
export { approximateTokenizer } from "./tokens/approximate-tokenizer.js";
export { countItemTokens } from "./tokens/count-item-tokens.js";
export { loadDefaultTokenizer } from "./tokens/load-default-tokenizer.js";
export {
  type ModelWindow,
  resolveTokenLimits,
  type TokenLimitOptions,
  type TokenLimits,
} from "./tokens/token-limits.js";
export type { ItemTokens, KindTokens, TokenUsage } from "./tokens/token-usage.js";
export type { Tokenizer } from "./tokens/tokenizer.js";
export type { CacheBreak } from "./turn/cache-break.js";
export {
  buildEnvironmentProfile,
  type EnvironmentProfile,
  type EnvironmentProfileOptions,
} from "./turn/environment-profile.js";
export type { UserInput } from "./turn/parse-user-input.js";
export { type RunTurnOptions, runTurn, type ToolCall, type TurnOutcome } from "./turn/run-turn.js";
export { systemTimeZone } from "./turn/system-time-zone.js";
export {
  type ParsedTurnContext,
  parseTurnContext,
  type TurnContext,
} from "./turn/turn-context.js";
export { UnrecordedAnswerError } from "./turn/unrecorded-answer-error.js";
