import { randomUUID } from "node:crypto";
import type { SessionInfo } from "@ctx/rollout";
import {
  createSessionRequestSchema,
  isCreateRetry,
  RolloutConflictError,
  RolloutError,
} from "@ctx/rollout";
import type { Sql } from "postgres";
import { checkSchema } from "./check-argument.js";
import { refuseUnstorableText } from "./refuse-unstorable-text.js";
import type { RolloutTables } from "./rollout-tables.js";
import { type SessionRow, sessionColumns, sessionTimestamp, toSessionInfo } from "./session-row.js";
import { toStorableJson } from "./storable-json.js";

/**
 * The store's `create`: checks `request`, then in one transaction checks the parent of a fork
 * (it exists and has the records the fork keeps, held with a key-share lock) and inserts the
 * session. An id already taken by this same request, with nothing appended, is a retry whose
 * answer was lost and gets the session back; taken otherwise, it is a conflict.
 */
export async function createSession(
  sql: Sql,
  tables: RolloutTables,
  request: unknown,
): Promise<SessionInfo> {
  const parsed = checkSchema("session request", request, createSessionRequestSchema);
  refuseUnstorableText("session request", [["cwd", parsed.cwd]]);
  const id = parsed.id ?? randomUUID();
  const meta = toStorableJson(parsed.meta ?? null);
  return sql.begin(async (transaction) => {
    if (parsed.parent !== undefined) {
      const [parent] = await transaction.unsafe<{ next_sequence: string }[]>(
        `SELECT next_sequence FROM ${tables.sessions} WHERE id = $1 FOR KEY SHARE`,
        [parsed.parent.sessionId],
      );
      if (parent === undefined)
        throw new RolloutError(
          "invalid-parent",
          `cannot fork ${parsed.parent.sessionId}: it does not exist`,
          { sessionId: parsed.parent.sessionId },
        );
      if (Number(parent.next_sequence) < parsed.parent.sequence)
        throw new RolloutError(
          "invalid-parent",
          `cannot fork ${parsed.parent.sessionId} at ${parsed.parent.sequence}: it has ${parent.next_sequence} records`,
          { sessionId: parsed.parent.sessionId },
        );
    }
    const [created] = await transaction.unsafe<SessionRow[]>(
      `INSERT INTO ${tables.sessions}
           (id, created_at, updated_at, cwd, parent_id, parent_sequence, next_sequence, meta, meta_text)
         SELECT $1, stamp, stamp, $2, $3, $4::bigint, coalesce($4::bigint, 0), $5::text::jsonb, $6
         FROM (SELECT ${sessionTimestamp} AS stamp) AS clock
         ON CONFLICT (id) DO NOTHING
         RETURNING ${sessionColumns}`,
      [
        id,
        parsed.cwd ?? null,
        parsed.parent?.sessionId ?? null,
        parsed.parent === undefined ? null : String(parsed.parent.sequence),
        meta.json,
        meta.text,
      ],
    );
    if (created !== undefined) return toSessionInfo(created);
    const [taken] = await transaction.unsafe<SessionRow[]>(
      `SELECT ${sessionColumns} FROM ${tables.sessions} WHERE id = $1`,
      [id],
    );
    const info = taken === undefined ? undefined : toSessionInfo(taken);
    if (info !== undefined && isCreateRetry(info, { ...parsed, id })) return info;
    throw RolloutConflictError.forTakenId(id, info?.nextSequence ?? 0);
  });
}
