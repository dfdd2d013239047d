import type { SchemaIssue } from "@ctx/protocol";
import { CtxError } from "@ctx/text";

/**
 * A function of `@ctx/prompts` was given an argument it does not take: a value of the wrong
 * type, a personality it does not know, a field it does not know. `argument` names the
 * parameter and `issues` says what is wrong where inside it. {@link CatalogError} and
 * {@link PermissionsPolicyError} extend it, so `PromptsError.isInstance` recognises every error
 * the package throws.
 *
 * @example
 * ```ts
 * try {
 *   getModelInstructions(model, personalityFromConfig);
 * } catch (error) {
 *   if (PromptsError.isInstance(error)) error.argument; // => "personality"
 * }
 * ```
 */
export class PromptsError extends CtxError {
  /** The parameter at fault, as the function's documentation names it, such as `overrides`. */
  readonly argument: string;
  /** Every problem found, each with its path inside the argument; `""` for the argument itself. */
  readonly issues: readonly SchemaIssue[];

  constructor(
    argument: string,
    issues: readonly SchemaIssue[],
    message = describeArgumentIssues(argument, issues),
  ) {
    super(message);
    this.argument = argument;
    this.issues = issues;
  }
}

function describeArgumentIssues(argument: string, issues: readonly SchemaIssue[]): string {
  return issues
    .map(({ path, message }) => {
      const where = path === "" ? argument : `${argument}${path.startsWith("[") ? "" : "."}${path}`;
      return `${where}: ${message}`;
    })
    .join("; ");
}
