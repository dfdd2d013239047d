import type { PathApi } from "./file-system.js";

/** Whether `path` is `directory` itself or lies below it (both absolute, compared as written). */
export function isInside(paths: PathApi, path: string, directory: string): boolean {
  const relative = paths.relative(directory, path);
  if (relative === "") return true;
  if (paths.isAbsolute(relative)) return false;
  return relative !== ".." && !relative.startsWith(`..${paths.sep}`);
}
