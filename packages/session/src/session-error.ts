import type { SchemaIssue } from "@ctx/protocol";
import { CtxError, type CtxErrorOptions } from "@ctx/text";

/**
 * A session was used wrongly: a turn context or an option that does not fit its schema, a
 * rollout that cannot be resumed, a fork past the end. `issues` names each path a schema
 * rejected; it is empty for other failures.
 */
export class SessionError extends CtxError {
  readonly issues: readonly SchemaIssue[];

  constructor(message: string, issues: readonly SchemaIssue[] = [], options: CtxErrorOptions = {}) {
    super(message, options);
    this.issues = issues;
  }
}
