import { type AppendResult, RolloutConflictError } from "@ctx/rollout";
import type { Sql } from "postgres";
import type { PendingAppend } from "./append-flush-writer.js";
import type { RolloutTables } from "./rollout-tables.js";
import { missing } from "./store-failure.js";

/**
 * The answer to an append that its flush matched to no session at its expected sequence, read
 * from the database: a retry of a batch already written is a duplicate; otherwise a lost race
 * or a missing session.
 *
 * @throws {RolloutConflictError} when the session has moved past the expected sequence.
 * @throws {RolloutError} `session-not-found` when there is no such session.
 */
export async function answerUnmatchedAppend(
  sql: Sql,
  tables: RolloutTables,
  queryOptions: { readonly prepare: boolean },
  append: Pick<PendingAppend, "sessionId" | "expectedSequence" | "appendId">,
): Promise<AppendResult> {
  const { sessionId, expectedSequence: expected, appendId } = append;
  const [row] = await sql.unsafe<{ next_sequence: string; size: number | null }[]>(
    `SELECT session.next_sequence, batch.size
       FROM ${tables.sessions} AS session
       LEFT JOIN ${tables.batches} AS batch
         ON batch.session_id = session.id AND batch.sequence = $2::bigint AND batch.append_id = $3
       WHERE session.id = $1`,
    [sessionId, String(expected), appendId],
    queryOptions,
  );
  if (row === undefined) throw missing(sessionId);
  if (row.size !== null) return { nextSequence: expected + Number(row.size), duplicate: true };
  throw RolloutConflictError.forWrite(sessionId, expected, Number(row.next_sequence));
}
