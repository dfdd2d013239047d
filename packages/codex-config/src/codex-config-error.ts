import type { SchemaIssue } from "@ctx/protocol";
import { describeSchemaIssues } from "@ctx/protocol/internal";
import { CtxError, type CtxErrorOptions, describeWrongArgument } from "@ctx/text";

/** What went wrong, for a caller that branches on it. */
export type CodexConfigErrorCode =
  | "invalid-argument"
  | "not-a-file"
  | "too-large"
  | "not-utf8"
  | "read-failed"
  | "invalid-toml"
  | "invalid-value"
  | "invalid-override"
  | "legacy-profile";

/** Options of a {@link CodexConfigError}. */
export interface CodexConfigErrorOptions extends CtxErrorOptions {
  /** The file the error is about, when there is one. */
  readonly path?: string;
  /** Each problem found, with its path. */
  readonly issues?: readonly SchemaIssue[];
}

/**
 * A configuration Codex 0.171 would refuse, refused the same way: a file that is not a regular
 * file (a FIFO, a device, a folder), one over the size limit, bytes that are not UTF-8, text that
 * is not TOML, a key with a value Codex rejects (the message names the key and where it was
 * set), a malformed `-c` override, or a legacy profile selector; or options of the wrong kind.
 */
export class CodexConfigError extends CtxError<CodexConfigErrorCode> {
  /** The file the error is about, when there is one. */
  readonly path: string | undefined;
  /** Each problem found, with its path. */
  readonly issues: readonly SchemaIssue[];

  constructor(code: CodexConfigErrorCode, message: string, options: CodexConfigErrorOptions = {}) {
    super(code, message, options);
    this.path = options.path;
    this.issues = options.issues ?? [];
  }

  /** The error for options or an argument that failed validation. */
  static fromIssues(argument: string, issues: readonly SchemaIssue[]): CodexConfigError {
    return new CodexConfigError(
      "invalid-argument",
      describeWrongArgument(argument, describeSchemaIssues(issues)),
      { issues },
    );
  }
}
