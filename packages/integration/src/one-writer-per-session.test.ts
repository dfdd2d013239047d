import { describe, expect, it } from "vitest";
import { databaseUrl, sweepWriters } from "./sweep-writers.js";

describe("one writer per session, whatever the interleaving of 2 to 8 writers", () => {
  it("keeps exactly the acknowledged writes in order on the memory store, and refuses every other with a conflict", async () => {
    const total = await sweepWriters({ store: "memory", maxSteps: 24, numRuns: 40 });
    expect(total.acknowledged).toBeGreaterThan(0);
    expect(total.refused).toBeGreaterThan(0);
  });

  it("keeps exactly the acknowledged writes in order on the JSONL store, and refuses every other with a conflict", async () => {
    const total = await sweepWriters({ store: "jsonl", maxSteps: 16, numRuns: 12 });
    expect(total.acknowledged).toBeGreaterThan(0);
    expect(total.refused).toBeGreaterThan(0);
  });

  it.runIf(databaseUrl !== undefined)(
    "keeps exactly the acknowledged writes in order on the PostgreSQL store, and refuses every other with a conflict",
    async () => {
      const total = await sweepWriters({ store: "postgres", maxSteps: 16, numRuns: 12 });
      expect(total.acknowledged).toBeGreaterThan(0);
      expect(total.refused).toBeGreaterThan(0);
    },
  );
});
