import { AgentsMdError } from "@ctx/agents-md";
import { CliError } from "./cli-error.js";
import { fileFailure } from "./file-failure.js";

/**
 * Rethrows an error of AGENTS.md discovery as the user's to fix, in the command's words: a
 * working directory that does not exist, is a file, or cannot be listed. Any other error is
 * rethrown as it is.
 *
 * @throws {CliError} `failure` for an {@link AgentsMdError}; the error itself otherwise.
 */
export function agentsMdFailure(error: unknown): never {
  if (!AgentsMdError.isInstance(error)) throw error;
  const path = error.path ?? "the working directory";
  switch (error.code) {
    case "cwd-not-found":
      throw new CliError("failure", `the folder ${path} does not exist`, { cause: error });
    case "cwd-not-a-directory":
      throw new CliError("failure", `${path} is a file, not a folder`, { cause: error });
    case "cwd-inaccessible":
      throw fileFailure(error.cause ?? error, path, "list");
    default:
      throw new CliError("failure", error.message, { cause: error });
  }
}
