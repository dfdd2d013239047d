import { rm } from "node:fs/promises";
import { dirname } from "node:path";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { afterAll, beforeAll, describe, it } from "vitest";
import { buildRolloutWorker } from "./__fixtures__/rollout/build-rollout-worker.js";
import { sweepKills } from "./__fixtures__/rollout/kill-sweep.js";

let worker = "";
const folder = useTemporaryFolder("ctx-rollout-processes-soak-", { per: "file" });

beforeAll(async () => {
  worker = await buildRolloutWorker();
});

afterAll(async () => {
  // Only the worker's own folder, once it was built: with no worker, `join("", "..")` is the
  // packages folder of the checkout the test runs in.
  if (worker !== "") await rm(dirname(worker), { recursive: true, force: true });
});

describe("createJsonlRolloutStore across processes, at the soak's size", () => {
  it("loses at most the batch being written when a writer is killed at random, 200 times", async () => {
    await sweepKills(worker, folder(), 4, 50);
  });
});
