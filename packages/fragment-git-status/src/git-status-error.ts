import { FragmentError } from "@ctx/fragments";

/** The status of a repository could not be read: `cwd` names where, `message` says why. */
export class GitStatusError extends FragmentError {
  readonly cwd: string;

  constructor(cwd: string, reason: string) {
    super("git_status", `cannot read the git status of ${JSON.stringify(cwd)}: ${reason}`);
    this.cwd = cwd;
  }
}
