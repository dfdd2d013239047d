import type { SchemaIssue } from "@ctx/protocol";
import { CtxError, describeValue } from "@ctx/text";

/**
 * A fragment kind was defined wrongly, was given data it cannot render, or a function of this
 * package was called with a wrong argument. `type` names the kind (empty when no kind is
 * involved); `issues` lists what was wrong with the data when a schema rejected it; `argument`
 * names the parameter that was wrong.
 */
export class FragmentError extends CtxError {
  /** The `type` of the kind involved, or `""` when none is. */
  readonly type: string;
  /** Each problem a schema found in the data, with its path; empty for other failures. */
  readonly issues: readonly SchemaIssue[];
  /** The parameter that was wrong (`definition.role`, `text`), when a call was wrong. */
  readonly argument: string | undefined;

  constructor(
    type: string,
    message: string,
    issues: readonly SchemaIssue[] = [],
    argument?: string,
  ) {
    super(type === "" ? message : `fragment kind "${type}": ${message}`);
    this.type = type;
    this.issues = issues;
    this.argument = argument;
  }

  /** The error for a call whose `argument` is not what the function expects. */
  static forArgument(argument: string, expected: string, value: unknown, type = ""): FragmentError {
    return new FragmentError(
      type,
      `${argument}: expected ${expected}, got ${describeValue(value)}`,
      [],
      argument,
    );
  }
}
