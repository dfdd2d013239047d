import type { SchemaIssue } from "@ctx/protocol";
import { describeSchemaIssues } from "@ctx/protocol/internal";
import { CtxError, type CtxErrorOptions, describeWrongArgument } from "@ctx/text";

/** What went wrong, for a caller that branches on it. */
export type SkillsErrorCode = "invalid-argument";

/** Options of a {@link SkillsError}. */
export interface SkillsErrorOptions extends CtxErrorOptions {
  /** Each problem found, with its path. */
  readonly issues?: readonly SchemaIssue[];
}

/**
 * Skills discovery could not start: its options are invalid, or a function of this package was
 * called with an argument of the wrong kind (both `invalid-argument`). Everything
 * that goes wrong once discovery has started (a folder that cannot be listed, a `SKILL.md`
 * without front matter) is a warning instead.
 */
export class SkillsError extends CtxError<SkillsErrorCode> {
  /** Each problem found, with its path. */
  readonly issues: readonly SchemaIssue[];

  constructor(code: SkillsErrorCode, message: string, options: SkillsErrorOptions = {}) {
    super(code, message, options);
    this.issues = options.issues ?? [];
  }

  /** The error for options or an argument that failed validation. */
  static fromIssues(argument: string, issues: readonly SchemaIssue[]): SkillsError {
    return new SkillsError(
      "invalid-argument",
      describeWrongArgument(argument, describeSchemaIssues(issues)),
      { issues },
    );
  }
}
