import { RolloutError } from "@ctx/rollout";
import postgres from "postgres";

/** The error for a call on a closed store. */
export function storeClosed(): RolloutError {
  return new RolloutError("store-closed", "the rollout store is closed");
}

/** A failure of the database as a `RolloutError` (`io-failed`, retryable); any other error as it is. */
export function asStoreFailure(error: unknown): unknown {
  if (!isDatabaseFailure(error)) return error;
  return new RolloutError("io-failed", "the rollout database failed; the call can be retried", {
    cause: error,
  });
}

/** The error for a session that does not exist (or was deleted). */
export function missing(sessionId: string): RolloutError {
  return new RolloutError("session-not-found", `session ${sessionId} does not exist`, {
    sessionId,
  });
}

/**
 * Whether an error came from the database or the way to it: an error the server sent (with its
 * SQLSTATE), or one of the client's connection errors (`CONNECTION_CLOSED`, `ECONNREFUSED`, …),
 * which carry a string `code` too. A bug of ours, which carries none, stays itself.
 */
function isDatabaseFailure(error: unknown): boolean {
  if (RolloutError.isInstance(error)) return false;
  return (
    error instanceof postgres.PostgresError ||
    (error instanceof Error && "code" in error && typeof error.code === "string")
  );
}
