import { RolloutError, type RolloutErrorDetails } from "@ctx/rollout";

/** What a {@link RolloutLogMismatchError} carries. */
export interface RolloutLogMismatchErrorDetails extends RolloutErrorDetails {
  /** The session asked for, whose file this is. */
  readonly sessionId: string;
  /** The session the log's header names. */
  readonly headerSessionId: string;
  /** The log's path. */
  readonly path: string;
}

/**
 * A session's log belongs to another session: its header names another id than its file, as a
 * copy, a rename or a symbolic link of another session's log does. The store refuses to read or
 * append to it, so the other session is never read or written under this one's name.
 */
export class RolloutLogMismatchError extends RolloutError {
  /** The session asked for, whose file this is. */
  override readonly sessionId: string;
  /** The session the log's header names. */
  readonly headerSessionId: string;
  /** The log's path. */
  override readonly path: string;

  constructor(code: "log-mismatch", message: string, details: RolloutLogMismatchErrorDetails) {
    super(code, message, details);
    this.sessionId = details.sessionId;
    this.headerSessionId = details.headerSessionId;
    this.path = details.path;
  }

  /** The error for the log at `path` of `sessionId` whose header names `headerSessionId`. */
  static forLog(sessionId: string, headerSessionId: string, path: string): RolloutLogMismatchError {
    return new RolloutLogMismatchError(
      "log-mismatch",
      `the log ${path} of session ${sessionId} belongs to session ${headerSessionId} (a copy, a rename or a link of its log); it is left untouched`,
      { sessionId, headerSessionId, path },
    );
  }
}
