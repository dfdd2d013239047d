import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryRolloutStore } from "@ctx/rollout";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type InterleavingTally,
  interleaveWriters,
  writerSchedules,
} from "./interleave-writers.js";

describe("one writer per session, whatever the interleaving of 2 to 8 writers", () => {
  it("keeps exactly the acknowledged writes in order on the memory store, and refuses every other with a conflict", async () => {
    const total: InterleavingTally = { acknowledged: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(writerSchedules(24), async (schedule) => {
        const tally = await interleaveWriters(createMemoryRolloutStore(), schedule);
        total.acknowledged += tally.acknowledged;
        total.refused += tally.refused;
      }),
      { numRuns: 40 },
    );
    expect(total.acknowledged).toBeGreaterThan(0);
    expect(total.refused).toBeGreaterThan(0);
  });

  it("keeps exactly the acknowledged writes in order on the JSONL store, and refuses every other with a conflict", async () => {
    const total: InterleavingTally = { acknowledged: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(writerSchedules(16), async (schedule) => {
        const directory = await mkdtemp(join(tmpdir(), "ctx-writers-"));
        const store = createJsonlRolloutStore(directory);
        try {
          const tally = await interleaveWriters(store, schedule);
          total.acknowledged += tally.acknowledged;
          total.refused += tally.refused;
        } finally {
          await store.close();
          await rm(directory, { recursive: true, force: true });
        }
      }),
      { numRuns: 12 },
    );
    expect(total.acknowledged).toBeGreaterThan(0);
    expect(total.refused).toBeGreaterThan(0);
  });
});
