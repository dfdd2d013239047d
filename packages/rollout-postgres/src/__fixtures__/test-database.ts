import { randomBytes } from "node:crypto";
import postgres, { type Sql } from "postgres";
import { inject } from "vitest";
import { migrate } from "../migrate.js";

const database = inject("database");

/** The test server's URL, or `undefined` when none could be started (see {@link unavailableReason}). */
export const databaseUrl: string | undefined = "url" in database ? database.url : undefined;

/** Why the tests have no server, or `undefined` when they have one. */
export const unavailableReason: string | undefined =
  "unavailable" in database ? database.unavailable : undefined;

/** A client for the test server; end it with `sql.end()`. */
export function connect(max = 4): Sql {
  if (databaseUrl === undefined) throw new Error(unavailableReason);
  return postgres(databaseUrl, { max, onnotice: () => {} });
}

/** A fresh, migrated schema of its own for one test, and how to drop it. */
export interface TestSchema {
  readonly schema: string;
  readonly sql: Sql;
  drop(): Promise<void>;
}

/** Creates and migrates an empty schema with a random name, so tests never see each other's rows. */
export async function createTestSchema(): Promise<TestSchema> {
  const sql = connect();
  const schema = `test_${randomBytes(6).toString("hex")}`;
  await migrate(sql, { schema });
  return {
    schema,
    sql,
    async drop() {
      await sql.unsafe(`DROP SCHEMA "${schema}" CASCADE`);
      await sql.end();
    },
  };
}
