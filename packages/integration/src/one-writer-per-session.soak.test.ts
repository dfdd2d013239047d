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

/** The full sweep: many more schedules, and longer ones, than `pnpm test` runs, all of them. */
const sweep = { interruptAfterTimeLimit: 20 * 60_000 };

describe("one writer per session, the full sweep", () => {
  it("holds over 1,000 schedules of up to 60 steps on the memory store", async ({ annotate }) => {
    const total: InterleavingTally = { acknowledged: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(writerSchedules(60), async (schedule) => {
        const tally = await interleaveWriters(createMemoryRolloutStore(), schedule);
        total.acknowledged += tally.acknowledged;
        total.refused += tally.refused;
      }),
      { ...sweep, numRuns: 1_000 },
    );
    await annotate(`${total.acknowledged} writes acknowledged, ${total.refused} refused`);
    expect(total.refused).toBeGreaterThan(0);
  });

  it("holds over 200 schedules of up to 40 steps on the JSONL store", async ({ annotate }) => {
    const total: InterleavingTally = { acknowledged: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(writerSchedules(40), async (schedule) => {
        const directory = await mkdtemp(join(tmpdir(), "ctx-writers-soak-"));
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
      { ...sweep, numRuns: 200 },
    );
    await annotate(`${total.acknowledged} writes acknowledged, ${total.refused} refused`);
    expect(total.refused).toBeGreaterThan(0);
  });
});
