export { appendTexts } from "./append-texts.js";
export {
  describeRolloutStoreContract,
  type RolloutStoreContractOptions,
} from "./describe-rollout-store-contract.js";
export { rejection } from "./rejection.js";
export type { RolloutStoreStorage } from "./rollout-store-storage.js";
