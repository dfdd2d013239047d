import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { RolloutError } from "@ctx/rollout";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl } from "./__fixtures__/test-database.js";
import { createPostgresRolloutStore } from "./create-postgres-rollout-store.js";
import { migrate } from "./migrate.js";

const run = promisify(execFile);
const script = fileURLToPath(new URL("../scripts/postgres-server.sh", import.meta.url));
const pause = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

const sessions = 4;
const batchesPerSession = 60;
const recordsPerBatch = 3;

// A server of its own: stopping the shared one would fail the other test files.
describe.runIf(databaseUrl !== undefined)("a server restart in the middle of appends", () => {
  let folder = "";
  let url = "";

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "ctx-postgres-restart-"));
    url = (await run("bash", [script, "start", folder])).stdout.trim();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    await migrate(sql);
    await sql.end();
  }, 180_000);

  afterAll(async () => {
    if (folder === "") return;
    await run("bash", [script, "stop", folder]).catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
  });

  it("commits every append once or fails it retryably, and a resume sees no partial batch", async () => {
    const store = createPostgresRolloutStore({ url, maxConnections: sessions });
    let failures = 0;
    let acknowledged = 0;
    const writer = async (sessionId: string) => {
      await store.create({ id: sessionId });
      for (let batch = 0; batch < batchesPerSession; batch += 1) {
        const request = {
          sessionId,
          expectedSequence: batch * recordsPerBatch,
          appendId: `${sessionId}-${batch}`,
          records: Array.from({ length: recordsPerBatch }, (_, index) => ({
            type: "response_item",
            payload: { batch, index },
          })),
        };
        for (let attempt = 0; ; attempt += 1) {
          try {
            const result = await store.append(request);
            expect(result.nextSequence).toBe((batch + 1) * recordsPerBatch);
            acknowledged += 1;
            break;
          } catch (error) {
            // The only failure the caller sees is a retryable one; the same request goes again.
            if (!(RolloutError.isInstance(error) && error.code === "io-failed") || attempt > 600)
              throw error;
            failures += 1;
            await pause(50);
          }
        }
        await pause(5);
      }
    };
    let settled = false;
    const writers = Promise.all(
      Array.from({ length: sessions }, (_, index) => writer(`restart-${index}`)),
    ).finally(() => {
      settled = true;
    });
    while (!settled && acknowledged < (sessions * batchesPerSession) / 4) await pause(10);
    // Writers that stopped this early failed: surface their error rather than a bare verdict.
    if (settled) await writers;
    expect(settled, "the writers stopped before the restart").toBe(false);
    await run("bash", [script, "stop", folder]);
    await pause(500);
    await run("bash", [script, "start", folder]);
    await writers;
    await store.close();

    expect(failures).toBeGreaterThan(0);
    const resumed = createPostgresRolloutStore({ url });
    try {
      for (let index = 0; index < sessions; index += 1) {
        const read = await resumed.read(`restart-${index}`);
        expect(read.records.map((entry) => entry.sequence)).toEqual(
          Array.from({ length: batchesPerSession * recordsPerBatch }, (_, sequence) => sequence),
        );
        expect(read.records.map((entry) => entry.payload)).toEqual(
          Array.from({ length: batchesPerSession * recordsPerBatch }, (_, sequence) => ({
            batch: Math.floor(sequence / recordsPerBatch),
            index: sequence % recordsPerBatch,
          })),
        );
      }
    } finally {
      await resumed.close();
    }
  }, 180_000);
});
