import type { SessionInfo } from "@ctx/rollout";
import { fromStorableJson } from "./storable-json.js";

/** The columns of a session as the store selects them. */
export const sessionColumns =
  "id, created_at, updated_at, cwd, parent_id, parent_sequence, next_sequence, archived, meta, meta_text";

/** The database time, to the millisecond, as SQL: what a session's timestamps record. */
export const sessionTimestamp = "date_trunc('milliseconds', clock_timestamp())";

/** A row of the sessions table, as the client returns it (`bigint` may come as a string). */
export interface SessionRow {
  readonly id: string;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly cwd: string | null;
  readonly parent_id: string | null;
  readonly parent_sequence: string | number | bigint | null;
  readonly next_sequence: string | number | bigint;
  readonly archived: boolean;
  readonly meta: unknown;
  readonly meta_text: string | null;
}

/** A session row as the store contract describes it. */
export function toSessionInfo(row: SessionRow): SessionInfo {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    cwd: row.cwd ?? undefined,
    parent:
      row.parent_id === null || row.parent_sequence === null
        ? undefined
        : { sessionId: row.parent_id, sequence: Number(row.parent_sequence) },
    nextSequence: Number(row.next_sequence),
    archived: row.archived,
    meta: fromStorableJson(row.meta, row.meta_text),
  };
}
