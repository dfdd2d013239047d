import type { PathApi } from "./file-system.js";

/**
 * The directories to search, root first: from `root` down to `cwd`, both included; `cwd` alone
 * when there is no root. Never above the root, never below the working directory.
 */
export function searchDirectories(paths: PathApi, root: string | null, cwd: string): string[] {
  if (root === null) return [cwd];
  const directories: string[] = [];
  for (let directory = cwd; ; ) {
    directories.push(directory);
    const parent = paths.dirname(directory);
    if (directory === root || parent === directory) break;
    directory = parent;
  }
  return directories.reverse();
}
