import { CtxError } from "@ctx/text";
import { describeSchemaIssues, type SchemaIssue } from "./schema-issue.js";

/** A value from outside is not a valid protocol item; `issues` says where and why. */
export class ProtocolError extends CtxError {
  /** Every problem found, each with its path inside the value. */
  readonly issues: readonly SchemaIssue[];

  constructor(what: string, issues: readonly SchemaIssue[]) {
    super(`invalid ${what}: ${describeSchemaIssues(issues)}`);
    this.issues = issues;
  }
}
