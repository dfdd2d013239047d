export type { JsonValue, RolloutRecord, StoredRecord } from "./rollout/rollout-record.js";
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
