import { CtxError, type CtxErrorOptions, describeWrongArgument } from "@ctx/text";
import { issueLine } from "./issue-line.js";
import type { SchemaIssue } from "./schema-issue-shape.js";

/**
 * What a {@link ProtocolError} is about: `invalid-argument`, a function of this package called
 * with an argument of the wrong kind; `invalid-item`, a value from outside that is not a valid
 * response item.
 */
export type ProtocolErrorCode = "invalid-argument" | "invalid-item";

/** Options of a {@link ProtocolError}. */
export interface ProtocolErrorOptions extends CtxErrorOptions {
  /** Every problem found, each with its path inside the value. */
  readonly issues: readonly SchemaIssue[];
}

/** A value from outside is not a valid protocol item; `issues` says where and why. */
export class ProtocolError extends CtxError<ProtocolErrorCode> {
  /** Every problem found, each with its path inside the value. */
  readonly issues: readonly SchemaIssue[];

  constructor(code: ProtocolErrorCode, message: string, options: ProtocolErrorOptions) {
    super(code, message, options);
    this.issues = options.issues;
  }

  /** The error for `issues` in `what` (`argument`, `response item`), the message listing them. */
  static fromIssues(code: ProtocolErrorCode, what: string, issues: readonly SchemaIssue[]) {
    return new ProtocolError(code, describeWrongArgument(what, issueLine(issues)), {
      issues,
    });
  }
}
