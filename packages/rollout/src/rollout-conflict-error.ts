import { RolloutError } from "./rollout-error.js";

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

  constructor(sessionId: string, expected: number | undefined, actual: number) {
    super(
      "conflict",
      expected === undefined
        ? `session ${sessionId} already exists`
        : `session ${sessionId} is at sequence ${actual}, not ${expected}: another writer got there first`,
      { sessionId },
    );
    this.sessionId = sessionId;
    this.expected = expected;
    this.actual = actual;
  }
}
