import postgres, { type Sql } from "postgres";
import type { RolloutTables } from "./rollout-tables.js";
import { sessionTimestamp } from "./session-row.js";
import type { StoredBatch } from "./stored-batch.js";

/** One append waiting for its flush, checked and encoded. */
export interface PendingAppend {
  readonly sessionId: string;
  readonly expectedSequence: number;
  /** The session's next sequence once the batch is written. */
  readonly nextSequence: number;
  readonly appendId: string;
  readonly batch: StoredBatch;
}

/** How often a flush is tried when the server rolls it back to break a deadlock. */
const deadlockAttempts = 3;

/**
 * The writer of one flush of appends, at most one per session: one statement, so one
 * transaction and one round trip, durable when it returns. Each session whose next sequence is
 * the one its append expects moves to the new one and gets its batch row, in that transaction;
 * a session that has moved on (a stale writer, a retry, a session that does not exist) matches
 * no row, changes nothing and holds up no other. The writer resolves, once committed, with
 * whether each append (in the order given) was written; the caller tells a conflict from a
 * duplicate afterwards. A flush the server rolls back to break a deadlock is tried again.
 */
export function createAppendFlushWriter(
  sql: Sql,
  tables: RolloutTables,
  queryOptions: { readonly prepare: boolean },
): (appends: readonly PendingAppend[]) => Promise<boolean[]> {
  /** The statement for a flush of `count` appends: each append's six values as parameters. */
  const statement = (count: number) => {
    const rows = Array.from({ length: count }, (_, index) => {
      const at = index * 6;
      return `($${at + 1}::text, $${at + 2}::bigint, $${at + 3}::bigint, $${at + 4}::text, $${at + 5}::integer[], $${at + 6}::text)`;
    });
    return `
    WITH input (session_id, expected, next, append_id, checkpoints, records) AS (
      VALUES ${rows.join(", ")}
    ),
    moved AS (
      UPDATE ${tables.sessions} AS session
      SET next_sequence = input.next, updated_at = greatest(session.updated_at, ${sessionTimestamp})
      FROM input
      WHERE session.id = input.session_id AND session.next_sequence = input.expected
      RETURNING input.*
    )
    INSERT INTO ${tables.batches} (session_id, sequence, size, append_id, checkpoints, records)
    SELECT session_id, expected, next - expected, append_id, checkpoints, records
    FROM moved
    RETURNING session_id`;
  };

  return async (appends) => {
    // Sessions in one order in every flush, so two flushes lock their rows in the same order.
    const sorted = [...appends].sort((left, right) =>
      left.sessionId < right.sessionId ? -1 : left.sessionId > right.sessionId ? 1 : 0,
    );
    // Scalar parameters, not arrays: a batch's text goes to the server as it is, never escaped
    // into an array literal.
    const parameters = sorted.flatMap((append) => [
      append.sessionId,
      String(append.expectedSequence),
      String(append.nextSequence),
      append.appendId,
      append.batch.checkpoints === null ? null : `{${append.batch.checkpoints.join(",")}}`,
      append.batch.text,
    ]);
    const text = statement(sorted.length);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const rows = await sql.unsafe<{ session_id: string }[]>(text, parameters, queryOptions);
        const written = new Set(rows.map((row) => row.session_id));
        return appends.map((append) => written.has(append.sessionId));
      } catch (error) {
        if (!isDeadlock(error) || attempt === deadlockAttempts) throw error;
      }
    }
  };
}

/** Whether the server rolled a transaction back to break a deadlock (SQLSTATE 40P01). */
function isDeadlock(error: unknown): boolean {
  return error instanceof postgres.PostgresError && error.code === "40P01";
}
