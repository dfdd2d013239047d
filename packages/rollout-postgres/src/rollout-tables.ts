import { lazySchema } from "@ctx/protocol/internal";
import { RolloutError } from "@ctx/rollout";
import { z } from "zod";

/** The schema the tables live in, `public` when not named. */
const schemaNameSchema = lazySchema(() =>
  z.string().regex(/^[a-z_][a-z0-9_]{0,47}$/, "a schema name is lower-case letters, digits and _"),
);

/** The quoted names of the store's tables in one schema. */
export interface RolloutTables {
  readonly schema: string;
  readonly sessions: string;
  /** The table of one row per record, which version 2 of the schema replaced with {@link batches}. */
  readonly records: string;
  readonly batches: string;
  readonly migrations: string;
}

/**
 * The store's table names in `schema`, quoted for SQL text.
 *
 * @throws {RolloutError} `invalid-argument` for a schema name other than lower-case letters, digits and `_`.
 */
export function rolloutTables(schema = "public"): RolloutTables {
  const parsed = schemaNameSchema.safeParse(schema);
  if (!parsed.success)
    throw new RolloutError("invalid-argument", `invalid schema name ${JSON.stringify(schema)}`, {
      cause: parsed.error,
    });
  const quoted = `"${schema}"`;
  return {
    schema: quoted,
    sessions: `${quoted}.ctx_rollout_sessions`,
    records: `${quoted}.ctx_rollout_records`,
    batches: `${quoted}.ctx_rollout_batches`,
    migrations: `${quoted}.ctx_rollout_migrations`,
  };
}
