import type { ReadFailedWarning } from "./agents-md-warning.js";
import type { DirectoryLister } from "./directory-lister.js";
import type { AgentsMdFileSystem, PathApi } from "./file-system.js";
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
 * and leaves a warning. One listing per directory, stopping at the first hit; a `stat` only for
 * a marker the listing cannot settle (a symlink, which must lead somewhere). The listings of the
 * ancestors are started together: cwd and the nearest three first (the root is most often among
 * them), then, when none holds a marker, up to 64 more at once, so that a deep working directory
 * waits for two rounds of listings rather than one per level (each round trip to the file system
 * costs more than the listing itself); folders above the root may be listed for nothing.
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
  const listAhead = prefetchAhead(fs.path, lister);
  for (let directory = cwd, distance = 0; ; distance += 1) {
    listAhead(directory, distance);
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

/** How many directories the first round lists: cwd and its three nearest ancestors. */
const firstRound = 4;

/** The most ancestors listed ahead at once after the first round. */
const maxAhead = 64;

/**
 * A function to call on each directory of the upward walk, with its distance from cwd: when the
 * walk reaches a directory not yet listed, it starts listing that one and the next ancestors:
 * {@link firstRound} at first, then up to {@link maxAhead}.
 */
function prefetchAhead(
  paths: PathApi,
  lister: DirectoryLister,
): (directory: string, distance: number) => void {
  let listedAhead = 0;
  let batch = firstRound;
  return (directory, distance) => {
    if (distance < listedAhead) return;
    const directories = [directory];
    for (let current = directory; directories.length < batch; ) {
      const parent = paths.dirname(current);
      if (parent === current) break;
      directories.push(parent);
      current = parent;
    }
    lister.prefetch(directories);
    listedAhead = distance + batch;
    batch = maxAhead;
  };
}
