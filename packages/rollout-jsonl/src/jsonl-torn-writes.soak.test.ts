import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { sweepTornWrites } from "./__fixtures__/rollout/torn-write-sweep.js";

let directory = "";
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "ctx-rollout-torn-soak-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("createJsonlRolloutStore after a crash cut its log, every cut of the soak", () => {
  it("reads every one of 10,000 cuts, losing at most the batch the cut fell in", async () => {
    await sweepTornWrites(directory, 10_000);
  });
});
