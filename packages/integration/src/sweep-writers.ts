import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryRolloutStore, type RolloutStore } from "@ctx/rollout";
import { createJsonlRolloutStore } from "@ctx/rollout-jsonl";
import { createPostgresRolloutStore, migrate } from "@ctx/rollout-postgres";
import fc from "fast-check";
import postgres from "postgres";
import { type InterleavingTally, interleaveWriters } from "./interleave-writers.js";
import { writerSchedules } from "./writer-schedule.js";

/** How many schedules of how many steps a sweep runs, and on which store. */
export interface WriterSweep {
  readonly store: "memory" | "jsonl" | "postgres";
  readonly maxSteps: number;
  readonly numRuns: number;
  readonly interruptAfterTimeLimit?: number;
}

/**
 * Runs {@link interleaveWriters} over `numRuns` random schedules, each on a fresh store (a JSONL
 * store in a folder of its own, a PostgreSQL store in a schema of its own on the server
 * {@link databaseUrl} names, each removed afterwards), and adds up what was acknowledged and
 * refused.
 */
export async function sweepWriters(sweep: WriterSweep): Promise<InterleavingTally> {
  const total: InterleavingTally = { acknowledged: 0, refused: 0 };
  await fc.assert(
    fc.asyncProperty(writerSchedules(sweep.maxSteps), async (schedule) => {
      const { store, dispose } = await openStore(sweep.store);
      try {
        const tally = await interleaveWriters(store, schedule);
        total.acknowledged += tally.acknowledged;
        total.refused += tally.refused;
      } finally {
        await dispose();
      }
    }),
    {
      numRuns: sweep.numRuns,
      ...(sweep.interruptAfterTimeLimit === undefined
        ? {}
        : { interruptAfterTimeLimit: sweep.interruptAfterTimeLimit }),
    },
  );
  return total;
}

/**
 * The PostgreSQL server the tests may use: `CTX_TEST_DATABASE_URL`, which `.ci/run` sets by
 * running the tests under `packages/rollout-postgres/scripts/postgres-server.sh run`.
 */
export const databaseUrl = process.env.CTX_TEST_DATABASE_URL || undefined;

async function openStore(
  kind: WriterSweep["store"],
): Promise<{ store: RolloutStore; dispose: () => Promise<void> }> {
  if (kind === "memory") return { store: createMemoryRolloutStore(), dispose: async () => {} };
  if (kind === "postgres") {
    if (databaseUrl === undefined) throw new Error("CTX_TEST_DATABASE_URL names no server");
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, fetch_types: false });
    const schema = `writers_${randomBytes(6).toString("hex")}`;
    await migrate(sql, { schema });
    const store = createPostgresRolloutStore({ url: databaseUrl, schema, maxConnections: 4 });
    return {
      store,
      dispose: async () => {
        await store.close();
        await sql.unsafe(`DROP SCHEMA "${schema}" CASCADE`);
        await sql.end();
      },
    };
  }
  const directory = await mkdtemp(join(tmpdir(), "ctx-writers-"));
  const store = createJsonlRolloutStore(directory);
  return {
    store,
    dispose: async () => {
      await store.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
