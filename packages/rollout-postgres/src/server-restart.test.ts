import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appendAcrossRestarts,
  type OwnServer,
  startOwnServer,
} from "./__fixtures__/appends-across-restarts.js";
import { databaseUrl } from "./__fixtures__/test-database.js";

// Sized by count to finish in a quarter of its limit on two busy cores; the soak test runs
// more sessions through more restarts.
const plan = { sessions: 8, batchesPerSession: 24, recordsPerBatch: 3, restarts: 1 };

describe.runIf(databaseUrl !== undefined)("a server restart in the middle of appends", () => {
  let server: OwnServer | undefined;

  beforeAll(async () => {
    server = await startOwnServer();
  }, 180_000);

  afterAll(async () => {
    await server?.remove();
  });

  for (const how of ["stop", "crash"] as const)
    it(`loses and duplicates no acknowledged append across a ${how === "stop" ? "fast shutdown" : "crash (pg_ctl -m immediate)"}, and a resume sees no partial batch`, async () => {
      if (server === undefined) throw new Error("no server of its own");
      const outcome = await appendAcrossRestarts(server, { ...plan, how });
      expect(outcome.failures, "the writers saw the server go down").toBeGreaterThan(0);
      expect(outcome.acknowledged).toBe(plan.sessions * plan.batchesPerSession);
      expect(outcome.intact).toEqual(Array.from({ length: plan.sessions }, () => true));
    }, 180_000);
});
