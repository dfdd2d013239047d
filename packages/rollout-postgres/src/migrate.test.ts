import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { connect, createTestSchema, databaseUrl } from "./__fixtures__/test-database.js";
import { createPostgresRolloutStore } from "./create-postgres-rollout-store.js";
import { migrate } from "./migrate.js";
import { migrations } from "./migrations.js";
import { rolloutTables } from "./rollout-tables.js";

/** The plan PostgreSQL picks for a query, as one line per node. */
async function plan(sql: ReturnType<typeof connect>, query: string): Promise<string> {
  const rows = await sql.unsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${query}`);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

describe.runIf(databaseUrl !== undefined)("migrate", () => {
  it("applies every migration once, even when several workers start at the same moment", async () => {
    const sql = connect(8);
    const schema = `test_${randomBytes(6).toString("hex")}`;
    try {
      const results = await Promise.all(Array.from({ length: 4 }, () => migrate(sql, { schema })));
      const latest = migrations[migrations.length - 1]?.version;
      expect(results.flatMap((result) => result.applied)).toEqual(
        migrations.map((step) => step.version),
      );
      expect(results.every((result) => result.version === latest)).toBe(true);
      expect(await migrate(sql, { schema })).toEqual({ applied: [], version: latest });
      const recorded = await sql.unsafe(`SELECT version FROM "${schema}".ctx_rollout_migrations`);
      expect(recorded.map((row) => row.version)).toEqual(migrations.map((step) => step.version));
    } finally {
      await sql.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await sql.end();
    }
  });

  it("moves the records of a version 1 schema into one row per batch, and reads them back the same", async () => {
    const sql = connect(2);
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const tables = rolloutTables(schema);
    const store = createPostgresRolloutStore({ sql, schema });
    try {
      // The tables and rows as version 1 left them: one row per record, the first of each batch
      // holding its append id and size, a payload jsonb cannot hold kept as text.
      await sql.unsafe(`CREATE SCHEMA ${tables.schema};
        CREATE TABLE ${tables.migrations} (version integer PRIMARY KEY, description text NOT NULL);
        INSERT INTO ${tables.migrations} VALUES (1, 'version 1');
        ${migrations[0]?.sql(tables)};
        INSERT INTO ${tables.sessions} (id, created_at, updated_at, next_sequence, parent_id, parent_sequence, meta)
        VALUES ('root', now(), now(), 4, NULL, NULL, 'null'), ('fork', now(), now(), 3, 'root', 2, 'null');
        INSERT INTO ${tables.records} (session_id, sequence, type, payload, payload_text, checkpoint, append_id, batch_size)
        VALUES ('root', 0, 'response_item', '"a"', NULL, false, 'b0', 2),
          ('root', 1, 'response_item', NULL, '"nul \\u0000"', false, NULL, NULL),
          ('root', 2, 'compaction', '{"summary": "s", "kept": [1, 2]}', NULL, true, 'b2', 2),
          ('root', 3, 'response_item', '"d"', NULL, false, NULL, NULL),
          ('fork', 2, 'response_item', '"f"', NULL, false, 'f2', 1)`);
      expect(await migrate(sql, { schema })).toMatchObject({ applied: [2, 3], version: 3 });
      const payloads = async (id: string, from: "start" | "latest-checkpoint") =>
        (await store.read(id, { from })).records.map((entry) => [entry.sequence, entry.payload]);
      expect(await payloads("root", "start")).toEqual([
        [0, "a"],
        [1, "nul \u0000"],
        [2, { summary: "s", kept: [1, 2] }],
        [3, "d"],
      ]);
      expect((await store.read("root")).records.map((entry) => entry.checkpoint)).toEqual([
        true,
        undefined,
      ]);
      expect(await payloads("fork", "latest-checkpoint")).toEqual([
        [0, "a"],
        [1, "nul \u0000"],
        [2, "f"],
      ]);
      // A retry of a batch written before the migration is still answered as a duplicate.
      await expect(
        store.append({
          sessionId: "root",
          expectedSequence: 2,
          appendId: "b2",
          records: [
            { type: "compaction", payload: null, checkpoint: true },
            { type: "response_item", payload: null },
          ],
        }),
      ).resolves.toEqual({ nextSequence: 4, duplicate: true });
      const [rows] = await sql.unsafe(`SELECT count(*)::int AS count FROM ${tables.batches}`);
      expect(rows?.count).toBe(3);
    } finally {
      await store.close();
      await sql.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await sql.end();
    }
  });

  it("keeps a compressed batch in its row from version 3 on, and reads those of version 2 the same", async () => {
    const sql = connect(2);
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const tables = rolloutTables(schema);
    const store = createPostgresRolloutStore({ sql, schema });
    // 14 KB of log lines that compress to about 4.5 KB: over the 2 KB at which version 2 moved a
    // compressed value out of its row, under the page that version 3 keeps it in. Made here, so
    // that no edit elsewhere changes how well it compresses.
    const source = Array.from(
      { length: 400 },
      (_, line) => `${line}: turn ${line % 37} appended batch ${(line * 7919) % 1009}, ok\n`,
    )
      .join("")
      .slice(0, 14_000);
    const appendTurn = (turn: number) =>
      store.append({
        sessionId: "old",
        expectedSequence: turn,
        appendId: `turn-${turn}`,
        records: [{ type: "response_item", payload: { turn, source } }],
      });
    const toastedValues = async () => {
      const [toast] = await sql.unsafe<{ name: string }[]>(
        `SELECT reltoastrelid::regclass::text AS name FROM pg_class
         WHERE oid = '${tables.batches}'::regclass`,
      );
      const [count] = await sql.unsafe<{ values: number }[]>(
        `SELECT count(DISTINCT chunk_id)::int AS values FROM ${toast?.name}`,
      );
      return count?.values;
    };
    try {
      await sql.unsafe(`CREATE SCHEMA ${tables.schema};
        CREATE TABLE ${tables.migrations} (version integer PRIMARY KEY, description text NOT NULL);
        INSERT INTO ${tables.migrations} VALUES (1, 'version 1'), (2, 'version 2');
        ${migrations[0]?.sql(tables)};
        ${migrations[1]?.sql(tables)};
        INSERT INTO ${tables.sessions} (id, created_at, updated_at, next_sequence, meta)
        VALUES ('old', now(), now(), 0, 'null')`);
      await appendTurn(0);
      expect(await toastedValues()).toBe(1);
      expect(await migrate(sql, { schema })).toMatchObject({ applied: [3], version: 3 });
      await appendTurn(1);
      expect(await toastedValues()).toBe(1);
      const read = await store.read("old", { from: "start" });
      expect(read.records.map((record) => record.payload)).toEqual([
        { turn: 0, source },
        { turn: 1, source },
      ]);
      const stored = await sql.unsafe<{ method: string | null; bytes: number }[]>(
        `SELECT pg_column_compression(records) AS method, pg_column_size(records) AS bytes
         FROM ${tables.batches} WHERE append_id = 'turn-1'`,
      );
      expect(stored[0]?.method).not.toBeNull();
      expect(stored[0]?.bytes).toBeLessThan(Buffer.byteLength(source) / 2);
    } finally {
      await store.close();
      await sql.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await sql.end();
    }
  });

  it("refuses a schema name it would have to quote", async () => {
    const sql = connect(1);
    try {
      await expect(migrate(sql, { schema: 'bad"; DROP TABLE x; --' })).rejects.toMatchObject({
        code: "invalid-argument",
      });
    } finally {
      await sql.end();
    }
  });

  it("gives the listing and the checkpoint lookup an index each, with no sort and no scan", async () => {
    const database = await createTestSchema();
    const store = createPostgresRolloutStore({ sql: database.sql, schema: database.schema });
    const sessions = `"${database.schema}".ctx_rollout_sessions`;
    const batches = `"${database.schema}".ctx_rollout_batches`;
    try {
      await database.sql.unsafe(
        `INSERT INTO ${sessions} (id, created_at, updated_at, cwd, next_sequence, archived, meta)
         SELECT 's' || n, now(), now() - n * interval '1 second', '/repo-' || (n % 2), 0, n % 3 = 0, 'null'
         FROM generate_series(1, 5000) AS n`,
      );
      await store.create({ id: "long" });
      // 2,000 one-record batches, a checkpoint every 500th.
      await database.sql.unsafe(
        `INSERT INTO ${batches} (session_id, sequence, size, append_id, checkpoints, records)
         SELECT 'long', n, 1, 'a' || n, CASE WHEN n % 500 = 0 THEN '{0}'::integer[] END,
           '[{"type":"item","payload":' || n || '}]'
         FROM generate_series(0, 1999) AS n;
         UPDATE ${sessions} SET next_sequence = 2000 WHERE id = 'long'`,
      );
      await database.sql.unsafe(`ANALYZE ${sessions}; ANALYZE ${batches}`);
      const order = "ORDER BY updated_at DESC, id DESC LIMIT 51";
      const live = `SELECT * FROM ${sessions} WHERE archived = false`;
      const archived = `SELECT * FROM ${sessions} WHERE archived = true`;
      for (const [query, index] of [
        [`${live} ${order}`, "ctx_rollout_sessions_recent"],
        [`${live} AND cwd = '/repo-1' ${order}`, "ctx_rollout_sessions_recent"],
        [
          `${live} AND (updated_at, id) < (now() - interval '1 hour', 's9') ${order}`,
          "ctx_rollout_sessions_recent",
        ],
        [
          `(${live} AND cwd = '/repo-1' ${order}) UNION ALL (${archived} AND cwd = '/repo-1' ${order}) ${order}`,
          "ctx_rollout_sessions_recent",
        ],
        [
          `SELECT sequence FROM ${batches} WHERE session_id = 'long' AND checkpoints IS NOT NULL AND sequence < 1700 ORDER BY sequence DESC LIMIT 2`,
          "ctx_rollout_batches_checkpoints",
        ],
      ] as const) {
        const chosen = await plan(database.sql, query);
        // Which of the listing indexes serves a page is the planner's choice; that one does is not.
        expect(chosen, query).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index}`));
        // A sort node reads "Sort  (cost=…"; a merge's "Sort Key:" line is no sort.
        expect(chosen, query).not.toMatch(/Sort {2}\(|Seq Scan|Bitmap/);
      }
    } finally {
      await store.close();
      await database.drop();
    }
  });
});

describe("the test server", () => {
  it.runIf(process.env.CI !== undefined)(
    "is there in CI, where skipping would hide every test",
    () => {
      expect(databaseUrl, "no PostgreSQL server for the tests").toBeDefined();
    },
  );
});
