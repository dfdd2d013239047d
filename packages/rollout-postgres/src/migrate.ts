import { lazySchema } from "@ctx/protocol/internal";
import { RolloutError } from "@ctx/rollout";
import type { Sql } from "postgres";
import { z } from "zod";
import { checkSchema } from "./check-argument.js";
import { migrations } from "./migrations.js";
import { postgresClientSchema } from "./postgres-client-schema.js";
import { rolloutTables } from "./rollout-tables.js";

const migrateOptionsSchema = lazySchema(() => z.strictObject({ schema: z.string().optional() }));

/** Where {@link migrate} puts the tables. */
export interface MigrateOptions {
  /** The PostgreSQL schema of the tables; `public` when omitted. It is created when missing. */
  readonly schema?: string;
}

/** What {@link migrate} did. */
export interface MigrateResult {
  /** The versions applied by this call, in order; empty when the schema was up to date. */
  readonly applied: readonly number[];
  /** The schema's version afterwards. */
  readonly version: number;
}

/**
 * Brings the store's tables up to date: applies every migration not yet applied, in version
 * order, in one transaction, so a failure leaves the schema as it was. Concurrent calls (several
 * workers starting at once) wait for each other and apply each step once; a second call is a
 * no-op.
 *
 * @example
 * ```ts
 * const sql = postgres(process.env.DATABASE_URL);
 * await migrate(sql); // { applied: [1], version: 1 } the first time
 * ```
 * @throws {RolloutError} `invalid-argument` for a bad schema name; `io-failed` when the database fails.
 */
export async function migrate(sql: Sql, options: MigrateOptions = {}): Promise<MigrateResult> {
  checkSchema("sql", sql, postgresClientSchema);
  checkSchema("options", options, migrateOptionsSchema);
  const tables = rolloutTables(options.schema);
  try {
    return await sql.begin(async (transaction) => {
      // A lock for the migration only, so two workers starting at once do not both create tables.
      await transaction`SELECT pg_advisory_xact_lock(hashtext(${`ctx-rollout-migrate:${tables.schema}`}))`;
      await transaction.unsafe(`
        CREATE SCHEMA IF NOT EXISTS ${tables.schema};
        CREATE TABLE IF NOT EXISTS ${tables.migrations} (
          version integer PRIMARY KEY,
          description text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        );
      `);
      const rows = await transaction.unsafe<{ version: number }[]>(
        `SELECT version FROM ${tables.migrations}`,
      );
      const done = new Set(rows.map((row) => row.version));
      const applied: number[] = [];
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        await transaction.unsafe(migration.sql(tables));
        await transaction.unsafe(
          `INSERT INTO ${tables.migrations} (version, description) VALUES ($1, $2)`,
          [migration.version, migration.description],
        );
        applied.push(migration.version);
      }
      return { applied, version: Math.max(0, ...done, ...applied) };
    });
  } catch (error) {
    if (RolloutError.isInstance(error)) throw error;
    throw new RolloutError("io-failed", "the rollout tables could not be migrated", {
      cause: error,
    });
  }
}
