import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { buildRolloutWorker } from "./__fixtures__/rollout/build-rollout-worker.js";
import { sweepKills } from "./__fixtures__/rollout/kill-sweep.js";

let worker = "";
let directory = "";

beforeAll(async () => {
  worker = await buildRolloutWorker();
  directory = await mkdtemp(join(tmpdir(), "ctx-rollout-processes-soak-"));
});

afterAll(async () => {
  if (directory !== "") await rm(directory, { recursive: true, force: true });
  // Only the worker's own folder, once it was built: with no worker, `join("", "..")` is the
  // packages folder of the checkout the test runs in.
  if (worker !== "") await rm(dirname(worker), { recursive: true, force: true });
});

describe("createJsonlRolloutStore across processes, at the soak's size", () => {
  it("loses at most the batch being written when a writer is killed at random, 200 times", async () => {
    await sweepKills(worker, directory, 4, 50);
  });
});
