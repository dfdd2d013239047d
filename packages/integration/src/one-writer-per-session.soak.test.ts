import { describe, expect, it } from "vitest";
import { databaseUrl, sweepWriters } from "./sweep-writers.js";

/** The full sweep: many more schedules, and longer ones, than `pnpm test` runs, all of them. */
const interruptAfterTimeLimit = 20 * 60_000;

describe("one writer per session, the full sweep", () => {
  it("holds over 1,000 schedules of up to 60 steps on the memory store", async ({ annotate }) => {
    const total = await sweepWriters({
      store: "memory",
      maxSteps: 60,
      numRuns: 1_000,
      interruptAfterTimeLimit,
    });
    await annotate(`${total.acknowledged} writes acknowledged, ${total.refused} refused`);
    expect(total.refused).toBeGreaterThan(0);
  });

  it("holds over 200 schedules of up to 40 steps on the JSONL store", async ({ annotate }) => {
    const total = await sweepWriters({
      store: "jsonl",
      maxSteps: 40,
      numRuns: 200,
      interruptAfterTimeLimit,
    });
    await annotate(`${total.acknowledged} writes acknowledged, ${total.refused} refused`);
    expect(total.refused).toBeGreaterThan(0);
  });

  it.runIf(databaseUrl !== undefined)(
    "holds over 100 schedules of up to 40 steps on the PostgreSQL store (each in a schema of its own)",
    async ({ annotate }) => {
      const total = await sweepWriters({
        store: "postgres",
        maxSteps: 40,
        numRuns: 100,
        interruptAfterTimeLimit,
      });
      await annotate(`${total.acknowledged} writes acknowledged, ${total.refused} refused`);
      expect(total.refused).toBeGreaterThan(0);
    },
  );
});
