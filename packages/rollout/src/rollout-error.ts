import type { SchemaIssue } from "@ctx/protocol";
import { describeSchemaIssues } from "@ctx/protocol/internal";
import { CtxError, type CtxErrorOptions, describeWrongArgument } from "@ctx/text";

/** What went wrong, for a caller that branches on it. */
export type RolloutErrorCode =
  /** An argument is not what the store accepts; `issues` says where. */
  | "invalid-argument"
  /** The session does not exist (or was deleted). */
  | "session-not-found"
  /** A fork names a parent that does not exist, or one with fewer records than it keeps. */
  | "invalid-parent"
  /** A record other than a torn last one cannot be read; `path` and `offset` name the line. */
  | "unreadable-record"
  /** `delete` was asked to remove a session that forks still reference. */
  | "referenced-by-forks"
  /**
   * A file store's log names another session in its header (a copy, a rename or a link of
   * another session's log): see {@link RolloutLogMismatchError}.
   */
  | "log-mismatch"
  /** Another writer held the session's lock for longer than the store waits. */
  | "lock-timeout"
  /**
   * A file store's lock was gone when the store let go of it: another process took it for
   * abandoned and removed it, so what was written under it may have raced another writer.
   */
  | "lock-lost"
  /** The store was closed. */
  | "store-closed"
  /** A stale or second writer, or a taken id: see {@link RolloutConflictError}. */
  | "conflict"
  /** The file system failed; `cause` holds its error. */
  | "io-failed";

/** Details a {@link RolloutError} may carry. */
export interface RolloutErrorDetails extends CtxErrorOptions {
  readonly sessionId?: string;
  /** The file involved, for file-based stores. */
  readonly path?: string;
  /** The byte offset where the unreadable line starts. */
  readonly offset?: number;
  /** The line's number in the file, from 1, when the store read it from the file's start. */
  readonly line?: number;
  readonly issues?: readonly SchemaIssue[];
}

/**
 * A rollout store cannot do what was asked: a bad argument, a missing session, an unreadable
 * record in the middle of a log, a session that forks still reference. Check with
 * `RolloutError.isInstance(error)`, which also holds for a {@link RolloutConflictError}.
 */
export class RolloutError extends CtxError<RolloutErrorCode> {
  /** The session involved, when there is one. */
  readonly sessionId: string | undefined;
  /** The file involved, for file-based stores. */
  readonly path: string | undefined;
  /** Where the unreadable line starts, in bytes from the file's start. */
  readonly offset: number | undefined;
  /** The unreadable line's number (from 1), when known. */
  readonly line: number | undefined;
  /** Each problem found in an argument or a line, with its path; empty otherwise. */
  readonly issues: readonly SchemaIssue[];

  constructor(code: RolloutErrorCode, message: string, details: RolloutErrorDetails = {}) {
    super(code, message, details);
    this.sessionId = details.sessionId;
    this.path = details.path;
    this.offset = details.offset;
    this.line = details.line;
    this.issues = details.issues ?? [];
  }

  /** The error for a call to a store that was closed. */
  static storeClosed(): RolloutError {
    return new RolloutError("store-closed", "the rollout store is closed");
  }

  /** The error for a session that does not exist. */
  static sessionNotFound(sessionId: string): RolloutError {
    return new RolloutError("session-not-found", `session ${sessionId} does not exist`, {
      sessionId,
    });
  }

  /**
   * The error for a fork whose parent is missing (`parentRecords` undefined) or has fewer
   * records than the fork keeps.
   */
  static invalidParent(
    parent: { readonly sessionId: string; readonly sequence: number },
    parentRecords: number | undefined,
  ): RolloutError {
    return new RolloutError(
      "invalid-parent",
      parentRecords === undefined
        ? `the parent session ${parent.sessionId} does not exist`
        : `the parent session ${parent.sessionId} has ${parentRecords} records, fewer than ${parent.sequence}`,
      { sessionId: parent.sessionId },
    );
  }

  /** The error for deleting a session that forks still reference. */
  static referencedByForks(sessionId: string, forks: readonly string[]): RolloutError {
    return new RolloutError(
      "referenced-by-forks",
      `session ${sessionId} cannot be deleted: ${forks.join(", ")} fork from it`,
      { sessionId },
    );
  }

  /** The error for an argument that failed validation. */
  static fromIssues(what: string, issues: readonly SchemaIssue[]): RolloutError {
    return new RolloutError(
      "invalid-argument",
      describeWrongArgument(what, describeSchemaIssues(issues)),
      {
        issues,
      },
    );
  }
}
