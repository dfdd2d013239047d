import { FragmentError } from "@ctx/fragments";

/** One problem found in an argument: where, and what is wrong. */
export type GitStatusIssue = FragmentError["issues"][number];

/**
 * What a {@link GitStatusError} is about: `invalid-argument`, a `cwd` that is not an absolute
 * path or wrong options; `git-failed`, git could not start, exited with an error or was stopped.
 */
export type GitStatusErrorCode = "invalid-argument" | "git-failed";

/** What a {@link GitStatusError} carries. */
export interface GitStatusErrorDetails {
  /** The repository asked about, as given (`""` when it was not a string). */
  readonly cwd: string;
  /** Each problem found in the argument, its path starting with the parameter's name. */
  readonly issues?: readonly GitStatusIssue[];
  /** The parameter that was wrong (`cwd`, `options`). */
  readonly argument?: string;
  /** The lower-level failure, such as the error of a git that could not start. */
  readonly cause?: unknown;
}

/**
 * The status of a repository could not be read: `cwd` names where, `message` says why. For a
 * wrong argument, `argument` names the parameter and `issues` what is wrong with it.
 */
export class GitStatusError extends FragmentError<GitStatusErrorCode> {
  readonly cwd: string;

  constructor(code: GitStatusErrorCode, message: string, details: GitStatusErrorDetails) {
    super(code, message, { ...details, type: "git_status" });
    this.cwd = details.cwd;
  }

  /** The error for the repository at `details.cwd`, its message saying that and `reason`. */
  static forRepository(
    code: GitStatusErrorCode,
    reason: string,
    details: GitStatusErrorDetails,
  ): GitStatusError {
    return new GitStatusError(
      code,
      `cannot read the git status of ${JSON.stringify(details.cwd)}: ${reason}`,
      details,
    );
  }
}
