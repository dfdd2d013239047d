import postgres, { type Sql } from "postgres";
import { arrayLiteral } from "./array-literal.js";
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
 * What joins the batches' texts of a flush into its one records parameter: U+0001, a control
 * character, which JSON.stringify always writes as an escape, so no batch's text holds it.
 */
const batchSeparator = "\u0001";

/**
 * The values of one flush, one parameter a column, each a text: array literals of the appends'
 * sessions, expected and next sequences, ids and checkpoint places, and the batches' texts
 * joined by {@link batchSeparator}, sent as they are (in a text array, each batch would be
 * escaped into the literal, a pass over every byte on each side).
 */
function flushParameters(appends: readonly PendingAppend[]): string[] {
  const sessionIds: string[] = [];
  const expected: number[] = [];
  const next: number[] = [];
  const appendIds: string[] = [];
  const checkpoints: (string | null)[] = [];
  const texts: string[] = [];
  for (const append of appends) {
    sessionIds.push(append.sessionId);
    expected.push(append.expectedSequence);
    next.push(append.nextSequence);
    appendIds.push(append.appendId);
    checkpoints.push(
      append.batch.checkpoints === null ? null : `{${append.batch.checkpoints.join(",")}}`,
    );
    texts.push(append.batch.text);
  }
  return [
    arrayLiteral(sessionIds),
    `{${expected.join(",")}}`,
    `{${next.join(",")}}`,
    arrayLiteral(appendIds),
    arrayLiteral(checkpoints),
    texts.join(batchSeparator),
  ];
}

/**
 * The writer of one flush of appends, at most one per session: one statement, so one
 * transaction and one round trip, durable when it returns, the same text for every flush (one
 * prepared statement, whatever the flush's size). Each session whose next sequence is the one
 * its append expects moves to the new one and gets its batch row, in that transaction; a session
 * that has moved on (a stale writer, a retry, a session that does not exist) matches no row,
 * changes nothing and holds up no other. The writer resolves, once committed, with the outcome
 * of each append, in the order given. A flush the server rolls back to break a deadlock is tried
 * again. A flush the server refuses for one append's values (a check, a value out of range) is
 * split in halves, each written on its own, down to the refused append alone: that one gets the
 * server's error, every other append of the flush is committed.
 */
export function createAppendFlushWriter(
  sql: Sql,
  tables: RolloutTables,
  queryOptions: { readonly prepare: boolean },
): (appends: readonly PendingAppend[]) => Promise<AppendOutcome[]> {
  // The arrays side by side are the flush's rows; the records text splits back into its
  // batches in one pass (string_to_array), in the order they were joined.
  const statement = `
    WITH input AS (
      SELECT * FROM unnest(
        $1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::text[],
        string_to_array($6::text, chr(1))
      ) AS input (session_id, expected, next, append_id, checkpoints, records)
    ),
    moved AS (
      UPDATE ${tables.sessions} AS session
      SET next_sequence = input.next, updated_at = greatest(session.updated_at, ${sessionTimestamp})
      FROM input
      WHERE session.id = input.session_id AND session.next_sequence = input.expected
      RETURNING input.*
    )
    INSERT INTO ${tables.batches} (session_id, sequence, size, append_id, checkpoints, records)
    SELECT session_id, expected, next - expected, append_id, checkpoints::integer[], records
    FROM moved
    RETURNING session_id`;

  /** Writes `appends` in one transaction; resolves with the sessions it moved. */
  async function writeOnce(appends: readonly PendingAppend[]): Promise<Set<string>> {
    const parameters = flushParameters(appends);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const rows = await sql.unsafe<{ session_id: string }[]>(
          statement,
          parameters,
          queryOptions,
        );
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
