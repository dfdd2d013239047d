import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appendAcrossRestarts,
  type OwnServer,
  startOwnServer,
} from "./__fixtures__/appends-across-restarts.js";
import { databaseUrl } from "./__fixtures__/test-database.js";

// The full size of server-restart.test.ts, run by `pnpm soak`: more sessions sharing flushes,
// more batches, and the server down five times in each run.
const plan = { sessions: 32, batchesPerSession: 120, recordsPerBatch: 3, restarts: 5 };
const limit = 20 * 60_000;

describe.runIf(databaseUrl !== undefined)("server restarts in the middle of appends (soak)", () => {
  let server: OwnServer | undefined;

  beforeAll(async () => {
    server = await startOwnServer();
  }, limit);

  afterAll(async () => {
    await server?.remove();
  }, limit);

  for (const how of ["stop", "crash"] as const)
    it(
      `loses and duplicates no acknowledged append across ${plan.restarts} ${how === "stop" ? "fast shutdowns" : "crashes (pg_ctl -m immediate)"}`,
      async () => {
        if (server === undefined) throw new Error("no server of its own");
        const outcome = await appendAcrossRestarts(server, { ...plan, how });
        expect(outcome.failures).toBeGreaterThan(0);
        expect(outcome.acknowledged).toBe(plan.sessions * plan.batchesPerSession);
        expect(outcome.intact).toEqual(Array.from({ length: plan.sessions }, () => true));
      },
      limit,
    );
});
