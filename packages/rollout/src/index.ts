export { isCreateRetry } from "./is-create-retry.js";
export { createMemoryRolloutStore } from "./memory-rollout-store.js";
export {
  createPageFilter,
  isListedBefore,
  type PageOptions,
  pageSessions,
} from "./page-sessions.js";
export {
  type OwnRecords,
  type RolloutChainSource,
  readRolloutChain,
} from "./read-rollout-chain.js";
export {
  createRecordMatcher,
  foldAsciiLetters,
  type RecordSearch,
  type RecordSearchResult,
  recordSearchSchema,
} from "./record-search.js";
export {
  RolloutConflictError,
  type RolloutConflictErrorDetails,
} from "./rollout-conflict-error.js";
export {
  RolloutError,
  type RolloutErrorCode,
  type RolloutErrorDetails,
} from "./rollout-error.js";
export type { RolloutRecord, StoredRecord } from "./rollout-record.js";
export {
  appendRequestSchema,
  createSessionRequestSchema,
  listOptionsSchema,
  parentReferenceSchema,
  readOptionsSchema,
  sequenceSchema,
  sessionIdSchema,
  storedJsonSchema,
} from "./rollout-schemas.js";
export type {
  AppendRequest,
  AppendResult,
  CreateSessionRequest,
  ListOptions,
  ParentReference,
  ReadOptions,
  RolloutRead,
  RolloutStore,
  SessionInfo,
  SessionPage,
} from "./rollout-store.js";
export type {
  LogMismatchWarning,
  RolloutWarning,
  TornRecordWarning,
} from "./rollout-warning.js";
export { searchRollout } from "./search-rollout.js";
