import type { SchemaIssue } from "@ctx/protocol";
import { describeSchemaIssues } from "@ctx/protocol/internal";
import { CtxError, type CtxErrorOptions, describeWrongArgument } from "@ctx/text";

/** What went wrong, for a caller that branches on it. */
export type AgentsMdErrorCode =
  | "cwd-not-found"
  | "cwd-not-a-directory"
  | "cwd-inaccessible"
  | "invalid-argument";

/** Options of an {@link AgentsMdError}. */
export interface AgentsMdErrorOptions extends CtxErrorOptions {
  /** The path involved (the working directory as given). */
  readonly path?: string;
  /** The environment whose working directory failed. */
  readonly environment?: string;
  /** Each problem found in the options or the argument, with its path. */
  readonly issues?: readonly SchemaIssue[];
}

/**
 * Discovery could not start: the working directory does not exist, is not a directory or cannot
 * be reached, the options are invalid, or a function of this package was called with an
 * argument of the wrong kind (`invalid-argument`, whose issue names the argument). Everything that goes wrong once discovery has started
 * (a file that cannot be read, a symlink loop, a file cut by the budget) is a warning instead.
 */
export class AgentsMdError extends CtxError<AgentsMdErrorCode> {
  /** The path involved, when there is one (the working directory as given). */
  readonly path: string | undefined;
  /** The environment whose working directory failed, when there is one. */
  readonly environment: string | undefined;
  /** Each problem found in the options, with its path; empty for other failures. */
  readonly issues: readonly SchemaIssue[];

  constructor(code: AgentsMdErrorCode, message: string, options: AgentsMdErrorOptions = {}) {
    super(code, message, options);
    this.path = options.path;
    this.environment = options.environment;
    this.issues = options.issues ?? [];
  }

  /** The error for an argument of the wrong kind; `issues` holds one issue named after it. */
  static forArgument(argument: string, message: string): AgentsMdError {
    return new AgentsMdError("invalid-argument", describeWrongArgument(argument, message), {
      issues: [{ path: argument, message }],
    });
  }

  /** The error for options that failed validation. */
  static fromIssues(issues: readonly SchemaIssue[]): AgentsMdError {
    return new AgentsMdError(
      "invalid-argument",
      describeWrongArgument("options", describeSchemaIssues(issues)),
      { issues },
    );
  }
}
