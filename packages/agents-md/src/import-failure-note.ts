import type { ImportFailure } from "./agents-md-warning.js";

/** The inline note left where an `@path` import could not be inlined. */
export function importFailureNote(
  reference: string,
  reason: ImportFailure,
  maxDepth: number,
): string {
  return `[@${reference} was not inlined: ${describeImportFailure(reason, maxDepth)}]`;
}

/** The reason an import failed, in a few words. */
export function describeImportFailure(reason: ImportFailure, maxDepth: number): string {
  switch (reason) {
    case "not-found":
      return "no such file";
    case "permission-denied":
      return "permission denied";
    case "symlink-loop":
      return "its symlinks form a loop";
    case "not-a-file":
      return "not a regular file";
    case "io-error":
      return "the file could not be read";
    case "outside-root":
      return "it lies outside the project root";
    case "too-deep":
      return `imports may nest at most ${maxDepth} deep`;
    case "cycle":
      return "it would import itself";
    case "not-a-path":
      return "only file paths can be imported";
  }
}
