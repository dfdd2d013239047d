import { CtxError } from "@ctx/text";

/**
 * Why the `ctx` command stopped: `usage` when the command line itself is wrong (exit code 2),
 * `failure` when the work could not be done, such as a missing file (exit code 1).
 */
export type CliErrorCode = "usage" | "failure";

/**
 * An error the `ctx` command reports as one line on standard error, without a stack trace
 * (unless `--debug` is given).
 *
 * @example
 * ```ts
 * throw new CliError("failure", "cannot read rollout.jsonl: no such file");
 * ```
 */
export class CliError extends CtxError<CliErrorCode> {
  /** The process exit code for this error: 2 for a usage error, 1 otherwise. */
  get exitCode(): 1 | 2 {
    return this.code === "usage" ? 2 : 1;
  }
}
