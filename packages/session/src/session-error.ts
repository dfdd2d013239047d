import type { SchemaIssue } from "@ctx/protocol";
import { CtxError, type CtxErrorOptions } from "@ctx/text";

/**
 * What a {@link SessionError} is about: `invalid-argument`, a function or method called with an
 * argument it does not take (a turn context, user input, an extension slot or an option that does
 * not fit); `turn-not-started`, a method that continues a turn called before `beginTurn`;
 * `unreadable-rollout`, a stored record the session cannot replay; `invalid-token-count`, a
 * tokenizer that counted something other than a whole number of tokens; `unrecorded-answer`, an
 * answer `runTurn` could not record since another writer appended first (an
 * `UnrecordedAnswerError`, which carries it).
 */
export type SessionErrorCode =
  | "invalid-argument"
  | "turn-not-started"
  | "unreadable-rollout"
  | "invalid-token-count"
  | "unrecorded-answer";

/** Options of a {@link SessionError}. */
export interface SessionErrorOptions extends CtxErrorOptions {
  /** Each path a schema rejected, with what is wrong there. */
  readonly issues?: readonly SchemaIssue[];
}

/**
 * A session was used wrongly: a turn context or an option that does not fit its schema, a
 * rollout that cannot be resumed, a fork past the end. `issues` names each path a schema
 * rejected; it is empty for other failures.
 */
export class SessionError extends CtxError<SessionErrorCode> {
  readonly issues: readonly SchemaIssue[];

  constructor(code: SessionErrorCode, message: string, options: SessionErrorOptions = {}) {
    super(code, message, options);
    this.issues = options.issues ?? [];
  }
}
