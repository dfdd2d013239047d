import { describeSchemaIssues, type SchemaIssue } from "@ctx/protocol";
import { CtxError } from "@ctx/text";

/**
 * A permissions policy, or the permissions text overrides given with it, is not valid: an
 * unknown field, a value of the wrong type, a path with a line break, or fields that
 * contradict each other. `issues` says where.
 */
export class PermissionsPolicyError extends CtxError {
  /** Every problem found, each with its path, such as `writableRoots[1]`. */
  readonly issues: readonly SchemaIssue[];

  constructor(issues: readonly SchemaIssue[]) {
    super(`invalid permissions policy: ${describeSchemaIssues(issues)}`);
    this.issues = issues;
  }
}
