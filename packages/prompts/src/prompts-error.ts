import type { SchemaIssue } from "@ctx/protocol";
import { describeSchemaIssues } from "@ctx/protocol/internal";
import { CtxError, type CtxErrorOptions, describeWrongArgument } from "@ctx/text";

/**
 * What an error of `@ctx/prompts` is about: `invalid-argument`, a function called with an
 * argument it does not take ({@link PromptsError}); `invalid-catalog`, a model catalog entry at
 * fault ({@link CatalogError}); `invalid-permissions-policy`, a permissions policy or its text
 * overrides at fault ({@link PermissionsPolicyError}).
 */
export type PromptsErrorCode =
  | "invalid-argument"
  | "invalid-catalog"
  | "invalid-permissions-policy";

/** Options of a {@link PromptsError}. */
export interface PromptsErrorOptions extends CtxErrorOptions {
  /** The parameter at fault, as the function's documentation names it. */
  readonly argument: string;
  /** Every problem found, each with its path inside the argument. */
  readonly issues: readonly SchemaIssue[];
}

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
export class PromptsError<Code extends PromptsErrorCode = PromptsErrorCode> extends CtxError<Code> {
  /** The parameter at fault, as the function's documentation names it, such as `overrides`. */
  readonly argument: string;
  /** Every problem found, each with its path inside the argument; `""` for the argument itself. */
  readonly issues: readonly SchemaIssue[];

  constructor(code: Code, message: string, options: PromptsErrorOptions) {
    super(code, message, options);
    this.argument = options.argument;
    this.issues = options.issues;
  }

  /** The error for `issues` in `argument`, its message reading `argument.path: problem`. */
  static forArgument(argument: string, issues: readonly SchemaIssue[]): PromptsError {
    return new PromptsError(
      "invalid-argument",
      describeWrongArgument(argument, describeSchemaIssues(issues)),
      {
        argument,
        issues,
      },
    );
  }
}
