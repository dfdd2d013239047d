export {
  createJsonlRolloutStore,
  type JsonlRolloutStoreOptions,
} from "./jsonl-rollout-store.js";
