import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeRolloutStoreContract } from "@ctx/rollout/testing";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";

// The contract at the soak's size: 32 racing writers (jsonl-rollout-store.test.ts runs 8).
describeRolloutStoreContract(
  "JSONL store, 32 racing writers",
  async () => {
    const directory = await mkdtemp(join(tmpdir(), "ctx-rollout-contract-soak-"));
    return {
      open: () => createJsonlRolloutStore(directory),
      persistent: true,
      dispose: () => rm(directory, { recursive: true, force: true }),
    };
  },
  { racingWriters: 32 },
);
