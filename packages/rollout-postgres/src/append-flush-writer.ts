import postgres, { type Sql } from "postgres";
import { isRefusedRow } from "./is-refused-row.js";
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

/**
 * What a flush did with one append: wrote it; matched nothing (the session has moved on, or does
 * not exist), which the caller tells apart afterwards; or had it refused by the server, with the
 * server's error.
 */
export type AppendOutcome = "written" | "unmatched" | { readonly refused: unknown };

/** How often a flush is tried when the server rolls it back to break a deadlock. */
const deadlockAttempts = 3;

/**
 * The writer of one flush of appends, at most one per session: one statement, so one
 * transaction and one round trip, durable when it returns. Each session whose next sequence is
 * the one its append expects moves to the new one and gets its batch row, in that transaction;
 * a session that has moved on (a stale writer, a retry, a session that does not exist) matches
 * no row, changes nothing and holds up no other. The writer resolves, once committed, with
 * the outcome of each append, in the order given. A flush the server rolls back to break a
 * deadlock is tried again. A flush the server refuses for one append's values (a check, a value
 * out of range) is split in halves, each written on its own, down to the refused append alone:
 * that one gets the server's error, every other append of the flush is committed.
 */
export function createAppendFlushWriter(
  sql: Sql,
  tables: RolloutTables,
  queryOptions: { readonly prepare: boolean },
): (appends: readonly PendingAppend[]) => Promise<AppendOutcome[]> {
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

  /** Writes `appends` in one transaction; resolves with the sessions it moved. */
  async function writeOnce(appends: readonly PendingAppend[]): Promise<Set<string>> {
    // Scalar parameters, not arrays: a batch's text goes to the server as it is, never escaped
    // into an array literal.
    const parameters = appends.flatMap((append) => [
      append.sessionId,
      String(append.expectedSequence),
      String(append.nextSequence),
      append.appendId,
      append.batch.checkpoints === null ? null : `{${append.batch.checkpoints.join(",")}}`,
      append.batch.text,
    ]);
    const text = statement(appends.length);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const rows = await sql.unsafe<{ session_id: string }[]>(text, parameters, queryOptions);
        return new Set(rows.map((row) => row.session_id));
      } catch (error) {
        if (!isDeadlock(error) || attempt === deadlockAttempts) throw error;
      }
    }
  }

  /** Writes `appends`, halving them while the server refuses them, into `outcomes`. */
  async function writeSplitting(
    appends: readonly PendingAppend[],
    outcomes: Map<string, AppendOutcome>,
  ): Promise<void> {
    try {
      const moved = await writeOnce(appends);
      for (const append of appends)
        outcomes.set(append.sessionId, moved.has(append.sessionId) ? "written" : "unmatched");
    } catch (error) {
      if (!isRefusedRow(error)) throw error;
      const [only] = appends;
      if (appends.length === 1 && only !== undefined) {
        outcomes.set(only.sessionId, { refused: error });
        return;
      }
      const middle = Math.ceil(appends.length / 2);
      await writeSplitting(appends.slice(0, middle), outcomes);
      await writeSplitting(appends.slice(middle), outcomes);
    }
  }

  return async (appends) => {
    // Sessions in one order in every flush, so two flushes lock their rows in the same order.
    const sorted = [...appends].sort((left, right) =>
      left.sessionId < right.sessionId ? -1 : left.sessionId > right.sessionId ? 1 : 0,
    );
    const outcomes = new Map<string, AppendOutcome>();
    await writeSplitting(sorted, outcomes);
    return appends.map((append) => outcomes.get(append.sessionId) ?? "unmatched");
  };
}

/** Whether the server rolled a transaction back to break a deadlock (SQLSTATE 40P01). */
function isDeadlock(error: unknown): boolean {
  return error instanceof postgres.PostgresError && error.code === "40P01";
}
