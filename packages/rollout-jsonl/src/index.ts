export {
  createJsonlRolloutStore,
  type JsonlRolloutStoreOptions,
} from "./jsonl-rollout-store.js";
export {
  RolloutLogMismatchError,
  type RolloutLogMismatchErrorDetails,
} from "./rollout-log-mismatch-error.js";
