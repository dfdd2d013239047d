import type { SchemaIssue } from "@ctx/protocol";
import { CtxError } from "@ctx/text";

/**
 * A fragment kind was defined wrongly, or was given data it cannot render. `type` names the kind;
 * `issues` lists what was wrong with the data when a schema rejected it.
 */
export class FragmentError extends CtxError {
  /** The `type` of the kind involved. */
  readonly type: string;
  /** Each problem a schema found in the data, with its path; empty for other failures. */
  readonly issues: readonly SchemaIssue[];

  constructor(type: string, message: string, issues: readonly SchemaIssue[] = []) {
    super(`fragment kind "${type}": ${message}`);
    this.type = type;
    this.issues = issues;
  }
}
