import { AgentsMdError } from "./agents-md-error.js";
import type { DirectoryLister } from "./directory-lister.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import { classifyFailure, describeFailure } from "./file-system-failure.js";

/**
 * The physical path of a working directory (every symlink resolved, as Codex 0.169 reports and
 * searches it), checked to be a directory: by its listing, which discovery needs anyway, or by
 * a `stat` when it cannot be listed.
 * @throws {AgentsMdError} `cwd-not-found` when nothing is there (or its symlinks loop),
 * `cwd-not-a-directory`, or `cwd-inaccessible` when it cannot be reached.
 */
export async function resolveWorkingDirectory(
  fs: AgentsMdFileSystem,
  lister: DirectoryLister,
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
  const state = await lister.folderState(physical);
  if (state === "directory") return physical;
  if (state === "unknown" && (await statKind(fs, physical, details)) === "directory")
    return physical;
  throw new AgentsMdError(
    "cwd-not-a-directory",
    `working directory ${cwd} (environment "${environment}") is not a directory`,
    details,
  );
}

/** What a working directory its listing could not settle is, by a `stat`. */
async function statKind(
  fs: AgentsMdFileSystem,
  physical: string,
  details: { readonly path: string; readonly environment: string },
): Promise<string> {
  try {
    return (await fs.stat(physical)).kind;
  } catch (error) {
    throw new AgentsMdError(
      "cwd-inaccessible",
      `working directory ${details.path} (environment "${details.environment}") cannot be used: ${describeFailure(classifyFailure(error), error)}`,
      { ...details, cause: error },
    );
  }
}
