import { RolloutError, type RolloutErrorDetails } from "./rollout-error.js";

/** What a {@link RolloutConflictError} carries. */
export interface RolloutConflictErrorDetails extends RolloutErrorDetails {
  /** The session written to (or the id asked for). */
  readonly sessionId: string;
  /** The sequence the writer expected; `undefined` for a taken id. */
  readonly expected: number | undefined;
  /** The session's next sequence when the write was refused. */
  readonly actual: number;
}

/**
 * A write lost to another writer and changed nothing: an append whose expected sequence is not
 * the session's next one (a stale or second writer), or a `create` with an id that another
 * request took. A session gets it on each write once another writer has appended: resume again
 * to continue from what that writer wrote. A store's caller reads the session again (`info`)
 * and decides; never retry blindly with `actual`.
 */
export class RolloutConflictError extends RolloutError {
  /** The session written to (or the id asked for). */
  override readonly sessionId: string;
  /** The sequence the writer expected; `undefined` for a taken id. */
  readonly expected: number | undefined;
  /** The session's next sequence when the write was refused. */
  readonly actual: number;

  constructor(code: "conflict", message: string, details: RolloutConflictErrorDetails) {
    super(code, message, details);
    this.sessionId = details.sessionId;
    this.expected = details.expected;
    this.actual = details.actual;
  }

  /** The error for an append that expected `expected` of a session now at `actual`. */
  static forWrite(sessionId: string, expected: number, actual: number): RolloutConflictError {
    return new RolloutConflictError(
      "conflict",
      `session ${sessionId} is at sequence ${actual}, not ${expected}: another writer got there first`,
      { sessionId, expected, actual },
    );
  }

  /** The error for a `create` whose id another request took; `actual` is that session's next sequence. */
  static forTakenId(sessionId: string, actual: number): RolloutConflictError {
    return new RolloutConflictError("conflict", `session ${sessionId} already exists`, {
      sessionId,
      expected: undefined,
      actual,
    });
  }
}
