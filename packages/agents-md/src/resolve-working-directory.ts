import { AgentsMdError } from "./agents-md-error.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import { classifyFailure, describeFailure } from "./file-system-failure.js";

/**
 * The physical path of a working directory (every symlink resolved, as Codex 0.169 reports and
 * searches it), checked to be a directory.
 * @throws {AgentsMdError} `cwd-not-found` when nothing is there (or its symlinks loop),
 * `cwd-not-a-directory`, or `cwd-inaccessible` when it cannot be reached.
 */
export async function resolveWorkingDirectory(
  fs: AgentsMdFileSystem,
  cwd: string,
  environment: string,
): Promise<string> {
  const details = { path: cwd, environment };
  let physical: string;
  try {
    physical = await fs.realpath(cwd);
  } catch (error) {
    const reason = classifyFailure(error);
    const code =
      reason === "not-found" || reason === "symlink-loop" ? "cwd-not-found" : "cwd-inaccessible";
    throw new AgentsMdError(
      code,
      `working directory ${cwd} (environment "${environment}") cannot be used: ${reason === "not-found" ? "it does not exist" : describeFailure(reason, error)}`,
      { ...details, cause: error },
    );
  }
  let kind: string;
  try {
    kind = (await fs.stat(physical)).kind;
  } catch (error) {
    throw new AgentsMdError(
      "cwd-inaccessible",
      `working directory ${cwd} (environment "${environment}") cannot be used: ${describeFailure(classifyFailure(error), error)}`,
      { ...details, cause: error },
    );
  }
  if (kind !== "directory") {
    throw new AgentsMdError(
      "cwd-not-a-directory",
      `working directory ${cwd} (environment "${environment}") is not a directory`,
      details,
    );
  }
  return physical;
}
