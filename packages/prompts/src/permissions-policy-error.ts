import type { SchemaIssue } from "@ctx/protocol";
import { describeSchemaIssues } from "@ctx/protocol/internal";
import { PromptsError } from "./prompts-error.js";

/**
 * A permissions policy, or the permissions text overrides given with it, is not valid: an
 * unknown field, a value of the wrong type, a path with a line break, or fields that
 * contradict each other. `argument` says which (`policy` or `overrides`) and `issues` where;
 * the paths of problems in the overrides start with `overrides`.
 */
export class PermissionsPolicyError extends PromptsError<"invalid-permissions-policy"> {
  /** The error for `issues` in `argument`, its message listing them. */
  static fromIssues(
    issues: readonly SchemaIssue[],
    argument: "policy" | "overrides" = "policy",
  ): PermissionsPolicyError {
    return new PermissionsPolicyError(
      "invalid-permissions-policy",
      `invalid permissions policy: ${describeSchemaIssues(issues)}`,
      { argument, issues },
    );
  }
}
