import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { awkwardCharacter } from "./__fixtures__/awkward-text.js";
import { createTestSchema, databaseUrl } from "./__fixtures__/test-database.js";
import { createPostgresRolloutStore } from "./create-postgres-rollout-store.js";

describe.runIf(databaseUrl !== undefined)("a flush shared by several sessions", () => {
  it("gives each session back its own batch, key for key, whatever the batches hold", async () => {
    const database = await createTestSchema();
    const store = createPostgresRolloutStore({ sql: database.sql, schema: database.schema });
    const sessions = Array.from({ length: 6 }, (_, index) => `s${index}`);
    const next = new Map(sessions.map((id) => [id, 0]));
    try {
      for (const id of sessions) await store.create({ id });
      await fc.assert(
        fc.asyncProperty(
          // One batch a session, all sent at once so they share a flush: payloads of the
          // characters that decide how text is kept, the batches' separator among them, appends
          // ids that need quoting in an array literal, and checkpoints anywhere.
          fc.array(
            fc.record({
              appendId: fc.string({
                unit: fc.constantFrom('"', "\\", ",", "{", "a"),
                minLength: 1,
              }),
              records: fc.array(
                fc.record({
                  payload: fc.jsonValue({ stringUnit: awkwardCharacter }),
                  // Said either way, or not at all: `false` is written as nothing.
                  checkpoint: fc.constantFrom(true, false, undefined),
                }),
                { minLength: 1, maxLength: 3 },
              ),
            }),
            { minLength: sessions.length, maxLength: sessions.length },
          ),
          async (batches) => {
            const written = await Promise.all(
              batches.map((batch, index) => {
                const sessionId = sessions[index] ?? "";
                return store.append({
                  sessionId,
                  expectedSequence: next.get(sessionId) ?? 0,
                  appendId: `${next.get(sessionId)}-${batch.appendId}`,
                  records: batch.records.map((record) => ({
                    type: "item",
                    payload: record.payload as never,
                    ...(record.checkpoint === undefined ? {} : { checkpoint: record.checkpoint }),
                  })),
                });
              }),
            );
            for (const [index, batch] of batches.entries()) {
              const sessionId = sessions[index] ?? "";
              const from = next.get(sessionId) ?? 0;
              expect(written[index]).toEqual({
                nextSequence: from + batch.records.length,
                duplicate: false,
              });
              next.set(sessionId, from + batch.records.length);
              const read = await store.read(sessionId, { from: "start" });
              // JSON has no -0: it comes back as 0, as from a JSONL file.
              expect(read.records.slice(from)).toEqual(
                batch.records.map((record, place) => ({
                  sequence: from + place,
                  type: "item",
                  payload: JSON.parse(JSON.stringify(record.payload)),
                  ...(record.checkpoint === true ? { checkpoint: true } : {}),
                })),
              );
            }
          },
        ),
        { numRuns: 25 },
      );
      // Each run's batches went in one flush: one transaction each.
      const [flushes] = await database.sql.unsafe(
        `SELECT count(DISTINCT xmin::text)::int AS count FROM "${database.schema}".ctx_rollout_batches`,
      );
      expect(flushes?.count).toBe(25);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
