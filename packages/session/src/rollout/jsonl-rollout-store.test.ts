import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";
import { describeRolloutStoreContract } from "./store-contract.js";

describeRolloutStoreContract("JSONL store", async () => {
  const directory = await mkdtemp(join(tmpdir(), "ctx-rollout-contract-"));
  return {
    open: () => createJsonlRolloutStore(directory),
    persistent: true,
    dispose: () => rm(directory, { recursive: true, force: true }),
  };
});
