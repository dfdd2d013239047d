import type { SessionPage } from "@ctx/rollout";
import { listOptionsSchema } from "@ctx/rollout";
import type { Sql } from "postgres";
import { checkSchema } from "./check-argument.js";
import { refuseUnstorableText } from "./refuse-unstorable-text.js";
import type { RolloutTables } from "./rollout-tables.js";
import { decodeSessionCursor, encodeSessionCursor } from "./session-cursor.js";
import { type SessionRow, sessionColumns, toSessionInfo } from "./session-row.js";

/** The store's `list`: a page of sessions, newest first, after the cursor when there is one. */
export async function listSessions(
  sql: Sql,
  tables: RolloutTables,
  queryOptions: { readonly prepare: boolean },
  listOptions: unknown,
): Promise<SessionPage> {
  const parsed = checkSchema("list options", listOptions, listOptionsSchema);
  refuseUnstorableText("list options", [["cwd", parsed.cwd]]);
  const limit = parsed.limit ?? 50;
  const filters: string[] = [];
  const parameters: string[] = [];
  if (parsed.cwd !== undefined) {
    parameters.push(parsed.cwd);
    filters.push(`AND cwd = $${parameters.length}`);
  }
  if (parsed.cursor !== undefined) {
    const after = decodeSessionCursor(parsed.cursor);
    parameters.push(after.updatedAt, after.id);
    filters.push(
      `AND (updated_at, id) < ($${parameters.length - 1}::timestamptz, $${parameters.length})`,
    );
  }
  const order = `ORDER BY updated_at DESC, id DESC LIMIT ${limit + 1}`;
  // One ordered index range per value of `archived`, written as a literal so the planner
  // sees the prefix; archived ones too is a merge of the two ranges, never a sort.
  const range = (archived: boolean) =>
    `SELECT ${sessionColumns} FROM ${tables.sessions}
       WHERE archived = ${archived} ${filters.join(" ")} ${order}`;
  const rows = await sql.unsafe<SessionRow[]>(
    parsed.includeArchived === true
      ? `(${range(false)}) UNION ALL (${range(true)}) ${order}`
      : range(false),
    parameters,
    queryOptions,
  );
  const sessions = rows.slice(0, limit).map(toSessionInfo);
  const last = sessions[sessions.length - 1];
  return {
    sessions,
    cursor: rows.length > limit && last !== undefined ? encodeSessionCursor(last) : undefined,
  };
}
