import { describe, expect, it } from "vitest";
import { databaseUrl, sweepWriters, type WriterSweep } from "./sweep-writers.js";

/** The full sweep: many more schedules, and longer ones, than `pnpm test` runs, all of them. */
const interruptAfterTimeLimit = 20 * 60_000;

const sweeps: readonly (WriterSweep & { readonly name: string; readonly runs: boolean })[] = [
  { name: "the memory store", store: "memory", maxSteps: 60, numRuns: 1_000, runs: true },
  { name: "the JSONL store", store: "jsonl", maxSteps: 40, numRuns: 200, runs: true },
  {
    name: "the PostgreSQL store (each in a schema of its own)",
    store: "postgres",
    maxSteps: 40,
    numRuns: 100,
    runs: databaseUrl !== undefined,
  },
];

describe("one writer per session, the full sweep", () => {
  for (const { name, runs, ...sweep } of sweeps)
    it.runIf(runs)(
      `holds over ${sweep.numRuns.toLocaleString("en")} schedules of up to ${sweep.maxSteps} steps on ${name}`,
      async ({ annotate }) => {
        const total = await sweepWriters({ ...sweep, interruptAfterTimeLimit });
        await annotate(`${total.acknowledged} writes acknowledged, ${total.refused} refused`);
        expect(total.refused).toBeGreaterThan(0);
      },
    );
});
