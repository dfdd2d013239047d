export {
  createJsonlRolloutStore,
  type JsonlRolloutStoreOptions,
} from "./jsonl-rollout-store.js";
export { RolloutLogMismatchError } from "./rollout-log-mismatch-error.js";
