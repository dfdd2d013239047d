import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, it } from "vitest";
import { sweepTornWrites } from "./__fixtures__/rollout/torn-write-sweep.js";

const folder = useTemporaryFolder("ctx-rollout-torn-soak-", { per: "file" });

describe("createJsonlRolloutStore after a crash cut its log, every cut of the soak", () => {
  it("reads every one of 10,000 cuts, losing at most the batch the cut fell in", async () => {
    await sweepTornWrites(folder(), 10_000);
  });
});
