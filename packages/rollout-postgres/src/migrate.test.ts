import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { connect, createTestSchema, databaseUrl } from "./__fixtures__/test-database.js";
import { createPostgresRolloutStore } from "./create-postgres-rollout-store.js";
import { migrate } from "./migrate.js";
import { migrations } from "./migrations.js";

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
    const records = `"${database.schema}".ctx_rollout_records`;
    try {
      await database.sql.unsafe(
        `INSERT INTO ${sessions} (id, created_at, updated_at, cwd, next_sequence, archived, meta)
         SELECT 's' || n, now(), now() - n * interval '1 second', '/repo-' || (n % 2), 0, n % 3 = 0, 'null'
         FROM generate_series(1, 5000) AS n`,
      );
      await store.create({ id: "long" });
      const batch = Array.from({ length: 2000 }, (_, index) => ({
        type: index % 500 === 0 ? "compaction" : "response_item",
        payload: { index },
        checkpoint: index % 500 === 0,
      }));
      await store.append({
        sessionId: "long",
        expectedSequence: 0,
        appendId: "all",
        records: batch,
      });
      await database.sql.unsafe(`ANALYZE ${sessions}; ANALYZE ${records}`);
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
          `SELECT sequence FROM ${records} WHERE session_id = 'long' AND checkpoint AND sequence < 1700 ORDER BY sequence DESC LIMIT 1`,
          "ctx_rollout_records_checkpoints",
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
