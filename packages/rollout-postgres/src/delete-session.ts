import { RolloutError, sessionIdSchema } from "@ctx/rollout";
import type { Sql } from "postgres";
import { checkSchema } from "./check-argument.js";
import { isForeignKeyViolation } from "./is-foreign-key-violation.js";
import type { RolloutTables } from "./rollout-tables.js";
import { missing } from "./store-failure.js";

/**
 * The store's `delete`: checks `sessionId`, then deletes the session and its batches.
 *
 * @throws {RolloutError} `session-not-found` when there is no such session;
 * `referenced-by-forks` when a fork still references it.
 */
export async function deleteSession(
  sql: Sql,
  tables: RolloutTables,
  sessionId: unknown,
): Promise<void> {
  const id = checkSchema("session id", sessionId, sessionIdSchema);
  try {
    const deleted = await sql.unsafe(`DELETE FROM ${tables.sessions} WHERE id = $1`, [id]);
    if (deleted.count === 0) throw missing(id);
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw new RolloutError(
        "referenced-by-forks",
        `session ${id} cannot be deleted: forks reference it`,
        { sessionId: id, cause: error },
      );
    throw error;
  }
}
