import type { ReadFailedWarning } from "./agents-md-warning.js";
import type { DirectoryLister } from "./directory-lister.js";
import type { AgentsMdFileSystem } from "./file-system.js";
import { classifyFailure, describeFailure, errorCodeOf } from "./file-system-failure.js";

/** The project root found, and the markers that could not be checked on the way. */
export interface ProjectRoot {
  /** The nearest directory (cwd included) holding a root marker, or `null` if none does. */
  readonly root: string | null;
  readonly warnings: ReadFailedWarning[];
}

/**
 * Walks up from `cwd` to the nearest directory where one of `markers` exists (a file, a
 * directory or anything else: a `.git` file of a worktree counts). An empty marker list finds
 * no root. A marker that cannot be checked (permission denied, a symlink loop) counts as absent
 * and leaves a warning. One listing per directory, stopping at the first hit, and none above the
 * root: every folder listed is one the search needs (its candidate names are read from the same
 * listing); a `stat` only for a marker the listing cannot settle (a symlink, which must lead
 * somewhere).
 */
export async function findProjectRoot(
  fs: AgentsMdFileSystem,
  lister: DirectoryLister,
  cwd: string,
  markers: readonly string[],
  environment: string,
): Promise<ProjectRoot> {
  const warnings: ReadFailedWarning[] = [];
  if (markers.length === 0) return { root: null, warnings };
  for (let directory = cwd; ; ) {
    for (const marker of markers) {
      const listed = await lister.lookup(directory, marker);
      if (listed === "absent") continue;
      if (listed !== "unknown") return { root: directory, warnings };
      const path = fs.path.join(directory, marker);
      try {
        await fs.stat(path);
        return { root: directory, warnings };
      } catch (error) {
        const reason = classifyFailure(error);
        if (reason === "not-found") continue;
        warnings.push({
          code: "read-failed",
          message: `root marker ${path} could not be checked (${describeFailure(reason, error)}), so it counts as absent`,
          path,
          environment,
          operation: "stat",
          reason,
          errorCode: errorCodeOf(error),
        });
      }
    }
    const parent = fs.path.dirname(directory);
    if (parent === directory) return { root: null, warnings };
    directory = parent;
  }
}
