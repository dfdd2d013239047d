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
      // 32 writers queue for one lock, and the soak runs beside the rest of CI on two shared
      // cores: the default 10 s a writer waits is for a user's machine, not that queue (a CI run
      // timed one writer out), and what this checks is the fence, not the wait.
      open: () => createJsonlRolloutStore(directory, { lockTimeout: 120_000 }),
      persistent: true,
      dispose: () => rm(directory, { recursive: true, force: true }),
    };
  },
  { racingWriters: 32 },
);
