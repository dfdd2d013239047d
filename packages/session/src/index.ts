export type { StateSummarizer, SummaryAnswer } from "@ctx/registry";
export type { CompactionOptions } from "./compaction/compaction-options.js";
export type { CompactionReport, CompactionTrigger } from "./compaction/compaction-report.js";
export { filterCompactedItems } from "./compaction/filter-compacted-items.js";
export type { DroppedContextWarning } from "./compaction/reinject-surviving-context.js";
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
export type { TouchedPaths } from "./injected/deliver-touched-agents-md.js";
export type { TouchedAgentsMd } from "./injected/touched-agents-md.js";
export type { TouchedPathsOptions } from "./injected/touched-paths-schema.js";
export type {
  ClaudeCodeAuthor,
  ClaudeCodeBlock,
  ClaudeCodeJson,
  ClaudeCodeRecord,
  ClaudeCodeSessionFacts,
  ClaudeCodeToolResultPart,
  ClaudeCodeUsage,
} from "./log/claude-code-record.js";
export { createClaudeCodeRecordReader } from "./log/create-claude-code-record-reader.js";
export {
  type ClaudeCodeRewind,
  type ClaudeCodeRewindTracker,
  createClaudeCodeRewindTracker,
} from "./log/create-claude-code-rewind-tracker.js";
export {
  type ExportCodexRolloutOptions,
  type ExportedCodexRollout,
  exportCodexRollout,
} from "./log/export-codex-rollout.js";
export { type ForkOptions, forkSession } from "./log/fork-session.js";
export {
  type ImportClaudeCodeTranscriptOptions,
  type ImportedClaudeCodeTranscript,
  importClaudeCodeTranscript,
} from "./log/import-claude-code-transcript.js";
export {
  type ImportCodexRolloutOptions,
  type ImportedCodexRollout,
  importCodexRollout,
} from "./log/import-codex-rollout.js";
export {
  type CodexRolloutLine,
  type CodexTokenUsage,
  parseCodexRolloutLine,
} from "./log/parse-codex-rollout-line.js";
export { type ParsedSessionRecord, parseSessionRecord } from "./log/parse-session-record.js";
export { readCodexRollout } from "./log/read-codex-rollout.js";
export { type ResumeOptions, resumeSession } from "./log/resume-session.js";
export { type SessionRecord, sessionRecordTypes } from "./log/session-records.js";
export {
  createTypedMessageMatcher,
  type MatchedMessage,
  type TypedMessageMatcher,
} from "./log/typed-message-matcher.js";
export {
  createRecall,
  type Recall,
  type RecallOptions,
  type RecallResult,
} from "./recall/create-recall.js";
export type { RecallQuery } from "./recall/recall-query.js";
export { recallToolDefinition } from "./recall/recall-tool.js";
export type { RecalledItem } from "./recall/recalled-item.js";
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
export type {
  CacheMissCause,
  CachePrediction,
  PredictedCacheBreak,
} from "./turn/cache-prediction.js";
export {
  buildEnvironmentProfile,
  type EnvironmentProfile,
  type EnvironmentProfileOptions,
} from "./turn/environment-profile.js";
export type { UserInput } from "./turn/parse-user-input.js";
export type { RequestSettings } from "./turn/request-settings.js";
export { type RunTurnOptions, runTurn, type TurnOutcome } from "./turn/run-turn.js";
export { systemTimeZone } from "./turn/system-time-zone.js";
export type { ToolCall } from "./turn/tool-call.js";
export {
  type ParsedTurnContext,
  parseTurnContext,
  type TurnContext,
} from "./turn/turn-context.js";
export { UnrecordedAnswerError } from "./turn/unrecorded-answer-error.js";
