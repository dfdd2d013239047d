import { describeSchemaIssues, type SchemaIssue } from "@ctx/protocol";
import { CtxError, type CtxErrorOptions } from "@ctx/text";

// Stand-in until @ctx/session exports `RolloutError`: the same class name, codes and fields, so
// `RolloutError.isInstance` from @ctx/session already recognises these errors. Delete this file
// and import from @ctx/session once it does.

/** What went wrong, for a caller that branches on it. */
export type RolloutErrorCode =
  /** An argument is not what the store accepts; `issues` says where. */
  | "invalid-argument"
  /** The session does not exist (or was deleted). */
  | "session-not-found"
  /** A fork names a parent that does not exist, or one with fewer records than it keeps. */
  | "invalid-parent"
  /** `delete` was asked to remove a session that forks still reference. */
  | "referenced-by-forks"
  /** The store was closed. */
  | "store-closed"
  /** A stale or second writer, or a taken id. */
  | "conflict"
  /** The database could not be reached or failed; `cause` holds its error. Retrying is safe. */
  | "io-failed";

/** Details a {@link RolloutError} may carry. */
export interface RolloutErrorDetails extends CtxErrorOptions {
  readonly sessionId?: string;
  readonly issues?: readonly SchemaIssue[];
}

/**
 * A rollout store cannot do what was asked: a bad argument, a missing session, a session that
 * forks still reference, a database out of reach. Check with `RolloutError.isInstance(error)`.
 */
export class RolloutError extends CtxError {
  readonly code: RolloutErrorCode;
  /** The session involved, when there is one. */
  readonly sessionId: string | undefined;
  /** Each problem found in an argument, with its path; empty otherwise. */
  readonly issues: readonly SchemaIssue[];

  constructor(code: RolloutErrorCode, message: string, details: RolloutErrorDetails = {}) {
    super(message, "cause" in details ? { cause: details.cause } : {});
    this.code = code;
    this.sessionId = details.sessionId;
    this.issues = details.issues ?? [];
  }

  /** The error for an argument that failed validation. */
  static fromIssues(what: string, issues: readonly SchemaIssue[]): RolloutError {
    return new RolloutError(
      "invalid-argument",
      `invalid ${what}: ${describeSchemaIssues(issues)}`,
      { issues },
    );
  }
}
