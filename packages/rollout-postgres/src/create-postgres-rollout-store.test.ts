import type { RolloutRecord, RolloutStore } from "@ctx/session";
import { RolloutConflictError, RolloutError } from "@ctx/session";
import fc from "fast-check";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { createTestSchema, databaseUrl, type TestSchema } from "./__fixtures__/test-database.js";
import {
  createPostgresRolloutStore,
  type PostgresRolloutStore,
} from "./create-postgres-rollout-store.js";

const record = (text: string, checkpoint?: boolean): RolloutRecord =>
  checkpoint === true
    ? { type: "compaction", payload: { text }, checkpoint: true }
    : { type: "response_item", payload: { text } };

const texts = (records: readonly { payload: unknown }[]) =>
  records.map((entry) => (entry.payload as { text: string }).text);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
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

async function appendTexts(
  store: RolloutStore,
  sessionId: string,
  from: number,
  batch: readonly RolloutRecord[],
): Promise<number> {
  const result = await store.append({
    sessionId,
    expectedSequence: from,
    appendId: `batch-${from}`,
    records: batch,
  });
  return result.nextSequence;
}

describe("createPostgresRolloutStore without a server", () => {
  it("refuses bad options, and reports a server out of reach as a retryable failure", async () => {
    for (const options of [
      { url: "" },
      { url: "postgres://127.0.0.1/x", maxConnections: 0 },
      { url: "postgres://127.0.0.1/x", schema: "Bad-Name" },
    ]) {
      expect(() => createPostgresRolloutStore(options)).toThrow(
        expect.objectContaining({ code: "invalid-argument" }),
      );
    }
    const store = createPostgresRolloutStore({
      url: "postgres://postgres@127.0.0.1:1/postgres",
      maxConnections: 1,
    });
    try {
      const error = await rejection(store.info("s"));
      expect(error).toMatchObject({ code: "io-failed" });
      expect((error as Error).cause).toMatchObject({ code: "ECONNREFUSED" });
    } finally {
      await store.close();
    }
  });
});

describe.runIf(databaseUrl !== undefined)("createPostgresRolloutStore", () => {
  it("creates sessions, and refuses a taken id with a conflict and bad arguments by path", () =>
    withStore(async (store) => {
      const info = await store.create({ id: "first", cwd: "/repo", meta: { model: "m" } });
      expect(info).toMatchObject({ id: "first", cwd: "/repo", nextSequence: 0, archived: false });
      expect(info.updatedAt).toBe(info.createdAt);
      expect(await store.info("first")).toEqual(info);
      expect(await store.info("missing")).toBeUndefined();
      const generated = await store.create({});
      expect(generated.id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);
      expect(generated.meta).toBeNull();
      await appendTexts(store, "first", 0, [record("a")]);
      const taken = await rejection(store.create({ id: "first" }));
      expect(RolloutConflictError.isInstance(taken)).toBe(true);
      expect(taken).toMatchObject({ sessionId: "first", expected: undefined, actual: 1 });
      for (const request of [
        { id: "has/slash" },
        { cwd: 3 },
        { extra: true },
        { cwd: "a\u0000b" },
      ]) {
        expect(await rejection(store.create(request as never))).toMatchObject({
          code: "invalid-argument",
        });
      }
      for (const parent of [
        { sessionId: "absent", sequence: 0 },
        { sessionId: "first", sequence: 2 },
      ]) {
        expect(await rejection(store.create({ parent }))).toMatchObject({ code: "invalid-parent" });
      }
    }));

  it("numbers a batch from the expected sequence, and refuses stale and early writers", () =>
    withStore(async (store) => {
      await store.create({ id: "s" });
      expect(
        await store.append({
          sessionId: "s",
          expectedSequence: 0,
          appendId: "one",
          records: [record("a"), record("b")],
        }),
      ).toEqual({ nextSequence: 2, duplicate: false });
      for (const expectedSequence of [0, 1, 3]) {
        const error = await rejection(
          store.append({
            sessionId: "s",
            expectedSequence,
            appendId: `late-${expectedSequence}`,
            records: [record("x")],
          }),
        );
        expect(RolloutConflictError.isInstance(error)).toBe(true);
        expect(error).toMatchObject({ expected: expectedSequence, actual: 2 });
      }
      const read = await store.read("s");
      expect(read.records).toEqual([
        { sequence: 0, ...record("a") },
        { sequence: 1, ...record("b") },
      ]);
      const missing = await rejection(
        store.append({
          sessionId: "nobody",
          expectedSequence: 0,
          appendId: "a",
          records: [record("a")],
        }),
      );
      expect(missing).toMatchObject({ code: "session-not-found" });
    }));

  it("answers a retried batch with its first result and writes nothing twice", () =>
    withStore(async (store) => {
      await store.create({ id: "s" });
      const request = {
        sessionId: "s",
        expectedSequence: 0,
        appendId: "turn-1",
        records: [record("a"), record("b")],
      };
      await store.append(request);
      await appendTexts(store, "s", 2, [record("c")]);
      expect(await store.append(request)).toEqual({ nextSequence: 2, duplicate: true });
      expect(
        RolloutConflictError.isInstance(
          await rejection(store.append({ ...request, expectedSequence: 1 })),
        ),
      ).toBe(true);
      expect(
        RolloutConflictError.isInstance(
          await rejection(store.append({ ...request, appendId: "turn-9" })),
        ),
      ).toBe(true);
      expect(texts((await store.read("s")).records)).toEqual(["a", "b", "c"]);
    }));

  it("writes a batch holding an invalid record not at all", () =>
    withStore(async (store) => {
      await store.create({ id: "s" });
      for (const records of [
        [record("a"), { type: "x", payload: undefined }],
        [record("a"), { type: "", payload: 1 }],
        [{ type: "x", payload: Number.NaN }],
        [{ type: "bad\u0000type", payload: 1 }],
        [],
      ]) {
        const error = await rejection(
          store.append({
            sessionId: "s",
            expectedSequence: 0,
            appendId: "bad",
            records: records as RolloutRecord[],
          }),
        );
        expect(error).toMatchObject({ code: "invalid-argument" });
      }
      expect((await store.info("s"))?.nextSequence).toBe(0);
    }));

  it("gives back any JSON payload as it was, NUL characters and lone surrogates included", () =>
    withStore(async (store) => {
      await store.create({ id: "s", meta: { title: "nul \u0000 and \ud800 alone" } });
      expect((await store.info("s"))?.meta).toEqual({ title: "nul \u0000 and \ud800 alone" });
      let next = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.jsonValue({ stringUnit: "binary" }), { minLength: 1, maxLength: 4 }),
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

  it("gives every slot to exactly one of 32 racing writers, each on its own pool, and none to a stale one", () =>
    withStore(async (store, database) => {
      await store.create({ id: "raced" });
      await appendTexts(store, "raced", 0, [record("seed")]);
      const perWriter = 3;
      let staleWins = 0;
      let staleConflicts = 0;
      let racing = true;
      const open = () =>
        createPostgresRolloutStore({
          url: databaseUrl ?? "",
          schema: database.schema,
          maxConnections: 1,
        });
      const writer = async (index: number) => {
        const client = open();
        try {
          for (let written = 0; written < perWriter; ) {
            const info = await client.info("raced");
            try {
              await client.append({
                sessionId: "raced",
                expectedSequence: info?.nextSequence ?? -1,
                appendId: `writer-${index}-${written}`,
                records: [record(`${index}:${written}`), record(`${index}:${written}:tail`)],
              });
              written += 1;
            } catch (error) {
              if (!RolloutConflictError.isInstance(error)) throw error;
            }
          }
        } finally {
          await client.close();
        }
      };
      const stale = async () => {
        const client = open();
        try {
          for (let attempt = 0; racing; attempt += 1) {
            try {
              await client.append({
                sessionId: "raced",
                expectedSequence: 0,
                appendId: `stale-${attempt}`,
                records: [record("stale")],
              });
              staleWins += 1;
            } catch (error) {
              if (!RolloutConflictError.isInstance(error)) throw error;
              staleConflicts += 1;
            }
          }
        } finally {
          await client.close();
        }
      };
      const staleRun = stale();
      await Promise.all(Array.from({ length: 32 }, (_, index) => writer(index)));
      racing = false;
      await staleRun;
      const read = await store.read("raced", { from: "start" });
      const written = texts(read.records);
      expect(read.records.map((entry) => entry.sequence)).toEqual(written.map((_, index) => index));
      expect(written.length).toBe(1 + 32 * perWriter * 2);
      expect(new Set(written).size).toBe(written.length);
      // Each batch stays whole: a writer's head record is followed by its own tail.
      for (let index = 1; index < written.length; index += 2) {
        expect(written[index + 1]).toBe(`${written[index]}:tail`);
      }
      expect(staleWins).toBe(0);
      expect(staleConflicts).toBeGreaterThan(0);
    }));

  it("reads from the latest checkpoint, through a fork's parent when the fork has none", () =>
    withStore(async (store) => {
      await store.create({ id: "s" });
      let next = await appendTexts(store, "s", 0, [record("a"), record("b")]);
      next = await appendTexts(store, "s", next, [record("c"), record("summary-1", true)]);
      next = await appendTexts(store, "s", next, [record("d"), record("summary-2", true)]);
      await appendTexts(store, "s", next, [record("e")]);
      expect((await store.read("s")).records.map((entry) => [entry.sequence, entry.type])).toEqual([
        [5, "compaction"],
        [6, "response_item"],
      ]);
      expect(texts((await store.read("s", { from: "start" })).records)).toEqual([
        "a",
        "b",
        "c",
        "summary-1",
        "d",
        "summary-2",
        "e",
      ]);
      await store.create({ id: "fork", parent: { sessionId: "s", sequence: 5 } });
      expect(texts((await store.read("fork")).records)).toEqual(["summary-1", "d"]);
      await appendTexts(store, "fork", 5, [record("f-summary", true), record("x")]);
      expect(texts((await store.read("fork")).records)).toEqual(["f-summary", "x"]);
      expect(await rejection(store.read("missing"))).toMatchObject({ code: "session-not-found" });
      expect(await rejection(store.read("s", { from: "middle" } as never))).toMatchObject({
        code: "invalid-argument",
      });
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
        `SELECT count(*)::int AS count FROM "${database.schema}".ctx_rollout_records WHERE session_id IN ('deep', 'grandchild')`,
      );
      expect(own?.count).toBe(1);
    }));

  it("lists the newest sessions first in pages, by folder, without archived ones unless asked", () =>
    withStore(async (store) => {
      const ids = ["s0", "s1", "s2", "s3", "s4", "s5", "s6"];
      for (const [index, id] of ids.entries()) {
        await store.create({ id, cwd: index % 2 === 0 ? "/even" : "/odd" });
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
      await appendTexts(store, "s0", 0, [record("touch")]);
      await store.archive("s5");
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.list({ limit: 2, ...(cursor === undefined ? {} : { cursor }) });
        expect(page.sessions.length).toBeLessThanOrEqual(2);
        seen.push(...page.sessions.map((session) => session.id));
        cursor = page.cursor;
      } while (cursor !== undefined);
      expect(seen).toEqual(["s0", "s6", "s4", "s3", "s2", "s1"]);
      expect((await store.list({ cwd: "/even" })).sessions.map((session) => session.id)).toEqual([
        "s0",
        "s6",
        "s4",
        "s2",
      ]);
      const odd = await store.list({ includeArchived: true, cwd: "/odd" });
      expect(odd.sessions.map((session) => session.id)).toEqual(["s5", "s3", "s1"]);
      expect(await rejection(store.list({ cursor: "not-a-cursor" }))).toMatchObject({
        code: "invalid-argument",
      });
      expect(await rejection(store.list({ limit: 0 }))).toMatchObject({ code: "invalid-argument" });
    }));

  it("archives and deletes, refusing to delete a session that forks reference", () =>
    withStore(async (store) => {
      await store.create({ id: "parent" });
      await appendTexts(store, "parent", 0, [record("a")]);
      await store.archive("parent");
      expect((await store.info("parent"))?.archived).toBe(true);
      expect(texts((await store.read("parent")).records)).toEqual(["a"]);
      expect((await store.list()).sessions).toEqual([]);
      expect(await rejection(store.archive("missing"))).toMatchObject({
        code: "session-not-found",
      });
      await store.create({ id: "fork", parent: { sessionId: "parent", sequence: 1 } });
      expect(await rejection(store.delete("parent"))).toMatchObject({
        code: "referenced-by-forks",
        sessionId: "parent",
      });
      await store.delete("fork");
      await store.delete("parent");
      expect(await store.info("parent")).toBeUndefined();
      expect(await rejection(store.delete("parent"))).toMatchObject({ code: "session-not-found" });
      await store.create({ id: "parent" });
      expect((await store.read("parent")).records).toEqual([]);
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
      expect(await rejection(store.prune({ olderThan: "yesterday" }))).toMatchObject({
        code: "invalid-argument",
      });
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

  it("refuses calls once closed and leaves the rollout to the next client", () =>
    withStore(async (store, database) => {
      await store.create({ id: "s" });
      await appendTexts(store, "s", 0, [record("a")]);
      const client = createPostgresRolloutStore({
        url: databaseUrl ?? "",
        schema: database.schema,
      });
      expect(texts((await client.read("s")).records)).toEqual(["a"]);
      await client.close();
      expect(await rejection(client.info("s"))).toMatchObject({ code: "store-closed" });
      const reopened = createPostgresRolloutStore({
        url: databaseUrl ?? "",
        schema: database.schema,
      });
      expect(
        await reopened.append({
          sessionId: "s",
          expectedSequence: 1,
          appendId: "later",
          records: [record("b")],
        }),
      ).toEqual({ nextSequence: 2, duplicate: false });
      await reopened.close();
      expect(texts((await store.read("s")).records)).toEqual(["a", "b"]);
      expect(RolloutError.isInstance(await rejection(client.list()))).toBe(true);
    }));
});
