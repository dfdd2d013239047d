import type { SchemaIssue } from "@ctx/protocol";
import { CtxError, type CtxErrorOptions, describeWrongArgument } from "@ctx/text";

/**
 * What a {@link FragmentError} is about: `invalid-definition`, a fragment kind or a section
 * defined in a way it cannot honour; `invalid-data`, data (or turn state) its schema rejects;
 * `invalid-argument`, a function or method of this package called with an argument of the wrong
 * kind.
 */
export type FragmentErrorCode = "invalid-definition" | "invalid-data" | "invalid-argument";

/** Options of a {@link FragmentError}. */
export interface FragmentErrorOptions extends CtxErrorOptions {
  /** The `type` of the kind involved; `""` (the default) when none is. */
  readonly type?: string;
  /** Each problem a schema found in the data, with its path. */
  readonly issues?: readonly SchemaIssue[];
  /** The parameter that was wrong, when a call was wrong. */
  readonly argument?: string;
}

/**
 * A fragment kind was defined wrongly, was given data it cannot render, or a function of this
 * package was called with a wrong argument. `type` names the kind (empty when no kind is
 * involved); `issues` lists what was wrong with the data when a schema rejected it; `argument`
 * names the parameter that was wrong.
 */
export class FragmentError<Code extends string = FragmentErrorCode> extends CtxError<Code> {
  /** The `type` of the kind involved, or `""` when none is. */
  readonly type: string;
  /** Each problem a schema found in the data, with its path; empty for other failures. */
  readonly issues: readonly SchemaIssue[];
  /** The parameter that was wrong (`definition.role`, `text`), when a call was wrong. */
  readonly argument: string | undefined;

  constructor(code: Code, message: string, options: FragmentErrorOptions = {}) {
    super(code, message, options);
    this.type = options.type ?? "";
    this.issues = options.issues ?? [];
    this.argument = options.argument;
  }

  /** The error for the kind `type`, its message naming the kind before `problem`. */
  static forKind(
    code: FragmentErrorCode,
    type: string,
    problem: string,
    issues: readonly SchemaIssue[] = [],
  ): FragmentError {
    return new FragmentError(code, namingKind(type, problem), { type, issues });
  }

  /**
   * The error for a call whose `argument` is not what the function expects, `problem` saying how
   * (`expected a string, got 42`); the message names the kind `type` when there is one.
   */
  static forArgument(argument: string, problem: string, type = ""): FragmentError {
    return new FragmentError(
      "invalid-argument",
      namingKind(type, describeWrongArgument(argument, problem)),
      {
        type,
        argument,
      },
    );
  }
}

function namingKind(type: string, problem: string): string {
  return type === "" ? problem : `fragment kind "${type}": ${problem}`;
}
