import { resolve } from "node:path";
import { CliError } from "./cli-error.js";
import type { CliEnvironment } from "./terminal.js";

/**
 * The folder of the @ctx JSONL rollout store a command works on: `--store`, else
 * `$CTX_SESSIONS` (where `ctx` lists sessions from), resolved against the working folder.
 *
 * @throws {CliError} `usage` when neither names one.
 */
export function sessionStoreFolder(flag: string | undefined, environment: CliEnvironment): string {
  const given = flag ?? environment.env.CTX_SESSIONS;
  if (given === undefined || given === "") {
    throw new CliError(
      "usage",
      "no session store: give --store DIR, or set CTX_SESSIONS to the store's folder",
    );
  }
  return resolve(environment.cwd, given);
}
