import { describeSchemaIssues, type SchemaIssue } from "@ctx/protocol";
import { CtxError } from "@ctx/text";

/** What went wrong, for a caller that branches on it. */
export type AgentsMdErrorCode =
  | "cwd-not-found"
  | "cwd-not-a-directory"
  | "cwd-inaccessible"
  | "invalid-options"
  | "invalid-argument";

/**
 * Discovery could not start: the working directory does not exist, is not a directory or cannot
 * be reached, the options are invalid, or a function of this package was called with an
 * argument of the wrong kind (`invalid-argument`, whose issue names the argument). Everything that goes wrong once discovery has started
 * (a file that cannot be read, a symlink loop, a file cut by the budget) is a warning instead.
 */
export class AgentsMdError extends CtxError {
  /** What went wrong. */
  readonly code: AgentsMdErrorCode;
  /** The path involved, when there is one (the working directory as given). */
  readonly path: string | undefined;
  /** The environment whose working directory failed, when there is one. */
  readonly environment: string | undefined;
  /** Each problem found in the options, with its path; empty for other failures. */
  readonly issues: readonly SchemaIssue[];

  constructor(
    code: AgentsMdErrorCode,
    message: string,
    details: {
      readonly path?: string;
      readonly environment?: string;
      readonly issues?: readonly SchemaIssue[];
      readonly cause?: unknown;
    } = {},
  ) {
    super(message, "cause" in details ? { cause: details.cause } : {});
    this.code = code;
    this.path = details.path;
    this.environment = details.environment;
    this.issues = details.issues ?? [];
  }

  /** The error for an argument of the wrong kind; `issues` holds one issue named after it. */
  static forArgument(argument: string, message: string): AgentsMdError {
    return new AgentsMdError("invalid-argument", `invalid argument ${argument}: ${message}`, {
      issues: [{ path: argument, message }],
    });
  }

  /** The error for options that failed validation. */
  static fromIssues(issues: readonly SchemaIssue[]): AgentsMdError {
    return new AgentsMdError(
      "invalid-options",
      `invalid AGENTS.md options: ${describeSchemaIssues(issues)}`,
      { issues },
    );
  }
}
