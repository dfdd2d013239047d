import { appendTexts } from "@ctx/rollout/testing";
import { describe, expect, it } from "vitest";
import { createTestSchema, databaseUrl } from "./__fixtures__/test-database.js";
import { createPostgresRolloutStore } from "./create-postgres-rollout-store.js";

describe.runIf(databaseUrl !== undefined)("an append the server refuses inside a flush", () => {
  it("fails only its own caller, while the other appends of its flush commit", async () => {
    const database = await createTestSchema();
    const batches = `"${database.schema}".ctx_rollout_batches`;
    // A rule of the server's own that one append breaks, as a value out of range or a check a
    // database administrator added would.
    await database.sql.unsafe(
      `ALTER TABLE ${batches} ADD CONSTRAINT refuse_poison CHECK (append_id <> 'poison')`,
    );
    const store = createPostgresRolloutStore({ sql: database.sql, schema: database.schema });
    try {
      const ids = Array.from({ length: 9 }, (_, index) => `s${index}`);
      for (const id of ids) await store.create({ id });
      await appendTexts(store, "s2", 0, [{ type: "response_item", payload: "seed" }]);
      const results = await Promise.allSettled(
        ids.map((id) =>
          store.append({
            sessionId: id,
            // s2 was written by another writer already: a conflict, in the same flush.
            expectedSequence: 0,
            appendId: id === "s5" ? "poison" : `wave-${id}`,
            records: [{ type: "response_item", payload: `${id} wave` }],
          }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(
        ids.map((id) => (id === "s2" || id === "s5" ? "rejected" : "fulfilled")),
      );
      expect(results[2]).toMatchObject({ reason: { code: "conflict", expected: 0, actual: 1 } });
      expect(results[5]).toMatchObject({
        reason: { code: "io-failed", cause: { code: "23514", constraint_name: "refuse_poison" } },
      });
      for (const id of ids) {
        const read = await store.read(id);
        const expected = id === "s5" ? [] : id === "s2" ? ["seed"] : [`${id} wave`];
        expect(read.records.map((record) => record.payload)).toEqual(expected);
      }
      expect((await store.info("s5"))?.nextSequence).toBe(0);
      // Sent again without the refused value, the session writes as if nothing had happened.
      await appendTexts(store, "s5", 0, [{ type: "response_item", payload: "s5 again" }]);
      expect((await store.read("s5")).records.map((record) => record.payload)).toEqual([
        "s5 again",
      ]);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
