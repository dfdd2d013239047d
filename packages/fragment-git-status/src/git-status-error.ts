import { FragmentError } from "@ctx/fragments";
import type { SchemaIssue } from "@ctx/protocol";

/** What a {@link GitStatusError} for a wrong argument carries. */
export interface GitStatusErrorDetails {
  /** Each problem found in the argument, its path starting with the parameter's name. */
  readonly issues?: readonly SchemaIssue[];
  /** The parameter that was wrong (`cwd`, `options`). */
  readonly argument?: string;
}

/**
 * The status of a repository could not be read: `cwd` names where, `message` says why. For a
 * wrong argument, `argument` names the parameter and `issues` what is wrong with it.
 */
export class GitStatusError extends FragmentError {
  readonly cwd: string;

  constructor(cwd: string, reason: string, details: GitStatusErrorDetails = {}) {
    super(
      "git_status",
      `cannot read the git status of ${JSON.stringify(cwd)}: ${reason}`,
      details.issues ?? [],
      details.argument,
    );
    this.cwd = cwd;
  }
}
