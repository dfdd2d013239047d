import { lazySchema } from "@ctx/protocol/internal";
import type { Sql } from "postgres";
import { z } from "zod";
import { checkSchema } from "./check-argument.js";
import { isForeignKeyViolation } from "./is-foreign-key-violation.js";
import type { RolloutTables } from "./rollout-tables.js";
import { isStorableText } from "./storable-text.js";

/** Which sessions {@link pruneSessions} touches, and what it does to them. */
export interface PruneOptions {
  /** Sessions last updated before this time (a `Date` or an ISO 8601 string). */
  readonly olderThan: Date | string;
  /** Archive them (kept, out of listings) instead of deleting them; `false` when omitted. */
  readonly archive?: boolean;
  /** Only sessions started in this working directory. */
  readonly cwd?: string;
}

/** What a prune did. */
export interface PruneResult {
  /** Sessions newly archived. */
  readonly archived: number;
  /** Sessions deleted, with their records. */
  readonly deleted: number;
  /** Old sessions kept because a fork that was not deleted references them. */
  readonly keptForForks: number;
}

const pruneOptionsSchema = lazySchema(() =>
  z
    .object({
      olderThan: z.union([
        z.date().refine((date) => !Number.isNaN(date.getTime())),
        z.iso.datetime(),
      ]),
      archive: z.boolean().optional(),
      cwd: z.string().min(1).refine(isStorableText).optional(),
    })
    .strict(),
);

/** How many sessions one statement archives or deletes, so each statement stays short. */
const batchSize = 500;

/** How many batches a prune lets concurrent forks undo before it gives up. */
const maxRefusals = 10;

/**
 * Archives or deletes the sessions last updated before a time, a bounded batch per statement.
 * Deleting goes leaves first: a fork is deleted before its parent, and a parent that a newer
 * fork still references is kept (the foreign key refuses it even against a fork created while
 * pruning runs).
 *
 * @throws {RolloutError} `invalid-argument` for bad options.
 */
export async function pruneSessions(
  sql: Sql,
  tables: RolloutTables,
  options: PruneOptions,
): Promise<PruneResult> {
  const parsed = checkSchema("prune options", options, pruneOptionsSchema);
  const cutoff = new Date(parsed.olderThan).toISOString();
  const parameters = parsed.cwd === undefined ? [cutoff] : [cutoff, parsed.cwd];
  const inFolder = parsed.cwd === undefined ? "" : "AND cwd = $2";
  if (parsed.archive === true) {
    let archived = 0;
    for (;;) {
      const result = await sql.unsafe(
        `UPDATE ${tables.sessions} SET archived = true WHERE id IN (
           SELECT id FROM ${tables.sessions}
           WHERE archived = false AND updated_at < $1::timestamptz ${inFolder}
           LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)`,
        parameters,
      );
      archived += result.count;
      if (result.count === 0) return { archived, deleted: 0, keptForForks: 0 };
    }
  }
  let deleted = 0;
  for (let refused = 0; ; ) {
    try {
      const result = await sql.unsafe(
        `DELETE FROM ${tables.sessions} WHERE id IN (
           SELECT id FROM ${tables.sessions} AS old
           WHERE updated_at < $1::timestamptz ${inFolder}
             AND NOT EXISTS (SELECT 1 FROM ${tables.sessions} AS fork WHERE fork.parent_id = old.id)
           LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)`,
        parameters,
      );
      deleted += result.count;
      if (result.count === 0) break;
    } catch (error) {
      // A fork of a doomed session was created meanwhile: the batch was undone; try again.
      refused += 1;
      if (!isForeignKeyViolation(error) || refused > maxRefusals) throw error;
    }
  }
  const [kept] = await sql.unsafe<{ count: string }[]>(
    `SELECT count(*) AS count FROM ${tables.sessions} WHERE updated_at < $1::timestamptz ${inFolder}`,
    parameters,
  );
  return { archived: 0, deleted, keptForForks: Number(kept?.count ?? 0) };
}
