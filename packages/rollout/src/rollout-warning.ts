import type { CtxWarning } from "@ctx/text";

/**
 * A crash cut the end of a log: the last line has no line end, or the last batch stops before
 * its final record. The cut bytes were never acknowledged, so nothing acknowledged is lost; the
 * read skips them, and the next append replaces them.
 */
export interface TornRecordWarning extends CtxWarning {
  readonly code: "torn-record";
  readonly sessionId: string;
  /** Where the skipped bytes start, in bytes from the file's start. */
  readonly offset: number;
  /** How many bytes were skipped. */
  readonly bytes: number;
}

/**
 * A file store's listing left out a log whose header names another session (a copy, a rename
 * or a link of that session's log): it is not listed under either id, and reading it throws a
 * `RolloutLogMismatchError`.
 */
export interface LogMismatchWarning extends CtxWarning {
  readonly code: "log-mismatch";
  /** The session the file is named after. */
  readonly sessionId: string;
  /** The session its header names. */
  readonly headerSessionId: string;
  readonly path: string;
}

/** Every limit a rollout store reports as a value. */
export type RolloutWarning = TornRecordWarning | LogMismatchWarning;
