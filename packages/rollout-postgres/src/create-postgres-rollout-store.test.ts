import type { RolloutRecord } from "@ctx/rollout";
import { appendTexts } from "@ctx/rollout/testing";
import fc from "fast-check";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { awkwardCharacter } from "./__fixtures__/awkward-text.js";
import {
  connect,
  createTestSchema,
  databaseUrl,
  type TestSchema,
} from "./__fixtures__/test-database.js";
import {
  createPostgresRolloutStore,
  type PostgresRolloutStore,
} from "./create-postgres-rollout-store.js";

/** A record whose payload is its text; a checkpoint when `checkpoint` is set. */
function record(text: string, checkpoint = false): RolloutRecord {
  return checkpoint
    ? { type: "compaction", payload: text, checkpoint }
    : { type: "response_item", payload: text };
}

/** The texts of records made by {@link record}, in order. */
function texts(records: readonly RolloutRecord[]): unknown[] {
  return records.map((entry) => entry.payload);
}

async function withStore(
  test: (store: PostgresRolloutStore, database: TestSchema) => Promise<void>,
): Promise<void> {
  const database = await createTestSchema();
  const store = createPostgresRolloutStore({ sql: database.sql, schema: database.schema });
  try {
    await test(store, database);
  } finally {
    await store.close();
    await database.drop();
  }
}

describe("createPostgresRolloutStore without a server", () => {
  it("refuses bad options, and reports a server out of reach as a retryable failure", async () => {
    for (const options of [
      { url: "" },
      { url: "x" },
      { url: "127.0.0.1:5432/x" },
      { url: "postgres://host:port/x" },
      { url: "postgres://127.0.0.1/x", maxConnections: 0 },
      { url: "postgres://127.0.0.1/x", schema: "Bad-Name" },
      { url: "postgres://127.0.0.1/x", callTimeout: 0 },
      { url: "postgres://127.0.0.1/x", callTimeout: 2.5 },
      { url: "postgres://127.0.0.1/x", callTimeout: 2 ** 31 },
    ]) {
      expect(() => createPostgresRolloutStore(options)).toThrow(
        expect.objectContaining({ code: "invalid-argument" }),
      );
    }
    expect(() => createPostgresRolloutStore({ url: "x" })).toThrow(
      expect.objectContaining({
        name: "RolloutError",
        code: "invalid-argument",
        message: expect.stringContaining("postgres:// or postgresql://"),
      }),
    );
    const store = createPostgresRolloutStore({
      url: "postgres://postgres@127.0.0.1:1/postgres",
      maxConnections: 1,
    });
    try {
      await expect(store.info("s")).rejects.toMatchObject({
        code: "io-failed",
        cause: expect.objectContaining({ code: "ECONNREFUSED" }),
      });
    } finally {
      await store.close();
    }
  });
});

describe.runIf(databaseUrl !== undefined)("createPostgresRolloutStore", () => {
  it("refuses text a PostgreSQL text column cannot keep, writing nothing", () =>
    withStore(async (store) => {
      await store.create({ id: "s" });
      const refused = [
        () => store.create({ cwd: "a\u0000b" }),
        () => store.list({ cwd: "\ud800" }),
        () =>
          store.append({
            sessionId: "s",
            expectedSequence: 0,
            appendId: "a",
            records: [{ type: "x\u0000", payload: 1 }],
          }),
        () =>
          store.append({
            sessionId: "s",
            expectedSequence: 0,
            appendId: "\udc00",
            records: [record("a")],
          }),
      ];
      for (const call of refused)
        await expect(call()).rejects.toMatchObject({ code: "invalid-argument" });
      expect((await store.info("s"))?.nextSequence).toBe(0);
      expect(
        (await store.list({ includeArchived: true })).sessions.map((session) => session.id),
      ).toEqual(["s"]);
    }));

  it("gives back any JSON payload as it was, NUL characters and lone surrogates included", () =>
    withStore(async (store) => {
      await store.create({ id: "s", meta: { title: "nul \u0000 and \ud800 alone" } });
      expect((await store.info("s"))?.meta).toEqual({ title: "nul \u0000 and \ud800 alone" });
      let next = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.jsonValue({ stringUnit: awkwardCharacter }), { minLength: 1, maxLength: 4 }),
          async (payloads) => {
            const records = payloads.map((payload) => ({
              type: "item",
              payload: payload as never,
            }));
            const from = next;
            next = (
              await store.append({
                sessionId: "s",
                expectedSequence: from,
                appendId: `p-${from}`,
                records,
              })
            ).nextSequence;
            const read = await store.read("s", { from: "start" });
            // JSON has no -0: it comes back as 0, as from a JSONL file.
            expect(read.records.slice(from).map((entry) => entry.payload)).toEqual(
              JSON.parse(JSON.stringify(payloads)),
            );
          },
        ),
        { numRuns: 40 },
      );
    }));

  it("reads a fork of a fork that keeps less than its parent's own prefix, copying nothing", () =>
    withStore(async (store, database) => {
      await store.create({ id: "root" });
      await appendTexts(store, "root", 0, [record("a"), record("b"), record("c"), record("d")]);
      await store.create({ id: "child", parent: { sessionId: "root", sequence: 3 } });
      await appendTexts(store, "child", 3, [record("child-1"), record("child-2")]);
      await store.create({ id: "grandchild", parent: { sessionId: "child", sequence: 2 } });
      await appendTexts(store, "grandchild", 2, [record("g")]);
      const read = await store.read("grandchild");
      expect(texts(read.records)).toEqual(["a", "b", "g"]);
      expect(read.records.map((entry) => entry.sequence)).toEqual([0, 1, 2]);
      await store.create({ id: "deep", parent: { sessionId: "child", sequence: 5 } });
      expect(texts((await store.read("deep")).records)).toEqual([
        "a",
        "b",
        "c",
        "child-1",
        "child-2",
      ]);
      // The forks reference their parents' records; none is copied.
      const [own] = await database.sql.unsafe(
        `SELECT sum(size)::int AS count FROM "${database.schema}".ctx_rollout_batches WHERE session_id IN ('deep', 'grandchild')`,
      );
      expect(own?.count).toBe(1);
    }));

  it("resumes a fork from the latest checkpoint below its fork point, even inside a batch", () =>
    withStore(async (store) => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }), {
            minLength: 1,
            maxLength: 6,
          }),
          fc.nat(),
          async (batches, cut) => {
            run += 1;
            const root = `root-${run}`;
            await store.create({ id: root });
            let next = 0;
            for (const flags of batches)
              next = await appendTexts(
                store,
                root,
                next,
                flags.map((checkpoint, index) => record(`${next + index}`, checkpoint)),
              );
            const keep = cut % (next + 1);
            const fork = `fork-${run}`;
            await store.create({ id: fork, parent: { sessionId: root, sequence: keep } });
            const kept = batches.flat().slice(0, keep);
            const latest = kept.lastIndexOf(true);
            const read = await store.read(fork);
            expect(read.records.map((entry) => entry.sequence)).toEqual(
              Array.from(
                { length: keep - Math.max(latest, 0) },
                (_, index) => Math.max(latest, 0) + index,
              ),
            );
            expect(texts(read.records)).toEqual(read.records.map((entry) => `${entry.sequence}`));
          },
        ),
        {
          numRuns: 40,
          // The fork point inside a batch whose only checkpoint lies above it: the checkpoint to
          // start from is in the batch before.
          examples: [
            [
              [
                [false, true],
                [false, false, true],
              ],
              3,
            ],
          ],
        },
      );
    }));

  it("prunes old sessions: archives them, or deletes them forks first and keeps referenced parents", () =>
    withStore(async (store, database) => {
      for (const id of ["old-a", "old-b", "old-parent", "old-fork", "kept-parent", "new"])
        await store.create({ id, cwd: "/r" });
      await appendTexts(store, "old-parent", 0, [record("p")]);
      await appendTexts(store, "kept-parent", 0, [record("k")]);
      await store.create({ id: "old-child", parent: { sessionId: "old-parent", sequence: 1 } });
      await store.create({ id: "new-child", parent: { sessionId: "kept-parent", sequence: 1 } });
      await database.sql.unsafe(
        `UPDATE "${database.schema}".ctx_rollout_sessions SET updated_at = now() - interval '40 days' WHERE id NOT IN ('new', 'new-child')`,
      );
      const cutoff = new Date(Date.now() - 30 * 86_400_000);
      expect(await store.prune({ olderThan: cutoff, archive: true, cwd: "/elsewhere" })).toEqual({
        archived: 0,
        deleted: 0,
        keptForForks: 0,
      });
      expect(await store.prune({ olderThan: cutoff, archive: true })).toEqual({
        archived: 6,
        deleted: 0,
        keptForForks: 0,
      });
      expect((await store.list()).sessions.map((session) => session.id)).toEqual([
        "new-child",
        "new",
      ]);
      expect(await store.prune({ olderThan: cutoff.toISOString() })).toEqual({
        archived: 0,
        deleted: 5,
        keptForForks: 1,
      });
      const left = await store.list({ includeArchived: true });
      expect(left.sessions.map((session) => session.id).sort()).toEqual([
        "kept-parent",
        "new",
        "new-child",
      ]);
      expect(texts((await store.read("new-child")).records)).toEqual(["k"]);
      await expect(store.prune({ olderThan: "yesterday" })).rejects.toMatchObject({
        code: "invalid-argument",
      });
    }));

  it("writes the appends of sessions waiting at once in one transaction; a stale one fails alone", () =>
    withStore(async (store, database) => {
      const ids = Array.from({ length: 12 }, (_, index) => `s${index}`);
      for (const id of ids) await store.create({ id });
      await appendTexts(store, "s3", 0, [record("seed")]);
      await appendTexts(store, "s7", 0, [record("seed")]);
      const results = await Promise.allSettled(
        ids.map((id) =>
          store.append({
            sessionId: id,
            // s3 is written by another writer already; s7 retries the batch it wrote.
            expectedSequence: 0,
            appendId: id === "s7" ? "batch-0" : `wave-${id}`,
            records: [record(`${id} wave`)],
          }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(
        ids.map((id) => (id === "s3" ? "rejected" : "fulfilled")),
      );
      expect(results[3]).toMatchObject({
        reason: { code: "conflict", expected: 0, actual: 1 },
      });
      expect(results[7]).toMatchObject({ value: { nextSequence: 1, duplicate: true } });
      expect(results[0]).toMatchObject({ value: { nextSequence: 1, duplicate: false } });
      // The written batches share one transaction id: one flush, one commit.
      const [flushes] = await database.sql.unsafe(
        `SELECT count(DISTINCT xmin::text)::int AS count, count(*)::int AS batches
         FROM "${database.schema}".ctx_rollout_batches WHERE append_id LIKE 'wave-%'`,
      );
      expect(flushes).toEqual({ count: 1, batches: 10 });
      expect(texts((await store.read("s3")).records)).toEqual(["seed"]);
      expect(texts((await store.read("s5")).records)).toEqual(["s5 wave"]);
    }));

  it("keeps two flushes on the server at most, however large its pool: the rest wait and share one commit", () =>
    withStore(async (store, database) => {
      const ids = Array.from({ length: 30 }, (_, index) => `s${index}`);
      for (const id of ids) await store.create({ id });
      const sql = postgres(databaseUrl ?? "", { max: 10, onnotice: () => {} });
      const pooled = createPostgresRolloutStore({ sql, schema: database.schema });
      const holder = connect(1);
      try {
        const appends = await holder.begin(async (transaction) => {
          // Every session's row is locked, so no flush can finish until this commits.
          await transaction.unsafe(
            `SELECT FROM "${database.schema}".ctx_rollout_sessions FOR UPDATE`,
          );
          const started: Promise<unknown>[] = [];
          for (const id of ids) {
            started.push(appendTexts(pooled, id, 0, [record(id)]));
            // One append a turn of the event loop: each would go alone if a flush could start.
            await new Promise((resolve) => setImmediate(resolve));
          }
          return { started };
        });
        expect(await Promise.all(appends.started)).toEqual(ids.map(() => 1));
        // The first two went alone; the 28 that waited went together once one ended.
        const [flushes] = await database.sql.unsafe(
          `SELECT count(DISTINCT xmin::text)::int AS count
           FROM "${database.schema}".ctx_rollout_batches`,
        );
        expect(flushes?.count).toBe(3);
      } finally {
        await holder.end();
        await pooled.close();
        await sql.end();
      }
    }));

  it("writes a flush again when the server rolls it back to break a deadlock, three times at most", () =>
    withStore(async (store, database) => {
      for (const id of ["a", "b", "c"]) await store.create({ id });
      const schema = `"${database.schema}"`;
      // The server's own answer to a deadlock, given at will: a real one needs two transactions
      // to wait on each other past the server's deadlock_timeout, which is up to the machine's
      // speed (the server checks once per wait). A statement trigger on the batches fails the
      // first `failures` flushes with SQLSTATE 40P01, which rolls the flush back as a deadlock
      // does, and counts every flush in a sequence (which no rollback undoes).
      await database.sql.unsafe(`
        CREATE SEQUENCE ${schema}.flushes;
        CREATE TABLE ${schema}.failures (count integer NOT NULL);
        INSERT INTO ${schema}.failures VALUES (1);
        CREATE FUNCTION ${schema}.deadlock() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF nextval('${schema}.flushes') <= (SELECT count FROM ${schema}.failures) THEN
            RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01';
          END IF;
          RETURN NULL;
        END $$;
        CREATE TRIGGER deadlock BEFORE INSERT ON ${schema}.ctx_rollout_batches
          FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.deadlock();`);
      const flushes = async () =>
        (
          await database.sql.unsafe<{ count: string }[]>(
            `SELECT last_value AS count FROM ${schema}.flushes`,
          )
        )[0]?.count;
      expect(
        await Promise.all(["a", "b"].map((id) => appendTexts(store, id, 0, [record(id)]))),
      ).toEqual([1, 1]);
      expect(await flushes()).toBe("2");
      expect(texts((await store.read("a")).records)).toEqual(["a"]);
      expect(texts((await store.read("b")).records)).toEqual(["b"]);
      // A flush rolled back three times in a row fails as retryable, and writes nothing.
      await database.sql.unsafe(`UPDATE ${schema}.failures SET count = 5`);
      await expect(appendTexts(store, "c", 0, [record("c")])).rejects.toMatchObject({
        code: "io-failed",
        cause: { code: "40P01" },
      });
      expect(await flushes()).toBe("5");
      expect(texts((await store.read("c")).records)).toEqual([]);
      expect(await appendTexts(store, "c", 0, [record("c")])).toBe(1);
    }));

  it("answers the calls in flight before close() ends the pool it owns", () =>
    withStore(async (_, database) => {
      const owner = createPostgresRolloutStore({
        url: databaseUrl ?? "",
        schema: database.schema,
        maxConnections: 2,
      });
      await owner.create({ id: "s" });
      const calls = [
        owner.append({
          sessionId: "s",
          expectedSequence: 0,
          appendId: "in-flight",
          records: [record("a")],
        }),
        owner.info("s"),
        owner.list(),
        owner.create({ id: "t" }),
      ];
      await owner.close();
      const outcomes = await Promise.allSettled(calls);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(calls.map(() => "fulfilled"));
      await expect(owner.info("s")).rejects.toMatchObject({ code: "store-closed" });
    }));

  it("works through a client without prepared statements, as behind a transaction pooler", () =>
    withStore(async (store, database) => {
      await store.create({ id: "s" });
      const sql = postgres(databaseUrl ?? "", { max: 1, prepare: false, onnotice: () => {} });
      const pooled = createPostgresRolloutStore({ sql, schema: database.schema });
      try {
        await appendTexts(pooled, "s", 0, [record("a"), record("b", true)]);
        expect(texts((await pooled.read("s")).records)).toEqual(["b"]);
        const [prepared] = await sql.unsafe(
          "SELECT count(*)::int AS count FROM pg_prepared_statements",
        );
        expect(prepared?.count).toBe(0);
      } finally {
        await pooled.close();
        await sql.end();
      }
      expect(texts((await store.read("s", { from: "start" })).records)).toEqual(["a", "b"]);
    }));
});
