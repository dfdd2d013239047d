export {
  createJsonlRolloutStore,
  type JsonlRolloutStoreOptions,
} from "./rollout/jsonl-rollout-store.js";
export { createMemoryRolloutStore } from "./rollout/memory-rollout-store.js";
export { parseRolloutArgument } from "./rollout/parse-rollout-argument.js";
export { RolloutConflictError } from "./rollout/rollout-conflict-error.js";
export {
  RolloutError,
  type RolloutErrorCode,
  type RolloutErrorDetails,
} from "./rollout/rollout-error.js";
export type { JsonValue, RolloutRecord, StoredRecord } from "./rollout/rollout-record.js";
export {
  appendRequestSchema,
  createSessionRequestSchema,
  listOptionsSchema,
  readOptionsSchema,
  sessionIdSchema,
} from "./rollout/rollout-schemas.js";
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
} from "./rollout/rollout-store.js";
export type { RolloutWarning, TornRecordWarning } from "./rollout/rollout-warning.js";
