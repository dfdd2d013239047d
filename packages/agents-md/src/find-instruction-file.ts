import type { FileSkippedWarning, ReadFailedWarning } from "./agents-md-warning.js";
import type { DirectoryLister } from "./directory-lister.js";
import type { AgentsMdFileSystem, FileStat } from "./file-system.js";
import { classifyFailure, describeFailure, errorCodeOf } from "./file-system-failure.js";

/** An instruction file found in a directory, with the stat that found it. */
export interface FoundFile {
  readonly path: string;
  /**
   * The stat that found it, or `null` when the directory's listing did (a regular file by name):
   * then opening it is the check, and the opened file's stat is the truth.
   */
  readonly stat: FileStat | null;
}

/** The file a directory contributes (or `null`), and what was passed over on the way. */
export interface DirectoryResult {
  readonly found: FoundFile | null;
  readonly warnings: (FileSkippedWarning | ReadFailedWarning)[];
}

/**
 * The first regular file (symlinks followed) among `names` in `directory`, picked from the
 * directory's listing: a `stat` only for a name the listing cannot settle (a symlink, a name
 * that differs only in letter case, a directory that could not be listed), stopping at the
 * first file. A directory or special file with one of the names is passed over with a
 * `not-a-file` warning; a name that cannot be checked (permission denied, a symlink loop) is
 * passed over with a `read-failed` warning; in both cases the next name is tried.
 */
export async function findInstructionFile(
  fs: AgentsMdFileSystem,
  lister: DirectoryLister,
  directory: string,
  names: readonly string[],
  environment: string | null,
): Promise<DirectoryResult> {
  const warnings: (FileSkippedWarning | ReadFailedWarning)[] = [];
  for (const name of names) {
    const listed = await lister.lookup(directory, name);
    if (listed === "absent") continue;
    const path = fs.path.join(directory, name);
    if (listed === "file") return { found: { path, stat: null }, warnings };
    if (listed !== "unknown") {
      warnings.push(notAFile(path, listed, environment));
      continue;
    }
    let stat: FileStat;
    try {
      stat = await fs.stat(path);
    } catch (error) {
      const reason = classifyFailure(error);
      if (reason === "not-found") continue;
      warnings.push({
        code: "read-failed",
        message: `${path} could not be checked (${describeFailure(reason, error)}); the next candidate is tried`,
        path,
        environment,
        operation: "stat",
        reason,
        errorCode: errorCodeOf(error),
      });
      continue;
    }
    if (stat.kind === "file") return { found: { path, stat }, warnings };
    warnings.push(notAFile(path, stat.kind, environment));
  }
  return { found: null, warnings };
}

function notAFile(
  path: string,
  kind: "directory" | "other",
  environment: string | null,
): FileSkippedWarning {
  return {
    code: "file-skipped",
    message: `${path} is ${kind === "directory" ? "a directory" : "not a regular file"}; the next candidate is tried`,
    path,
    environment,
    reason: "not-a-file",
    bytes: 0,
  };
}
