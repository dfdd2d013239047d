import type { ImportFailure } from "./agents-md-warning.js";

/** The inline note left where an `@path` import could not be inlined. */
export function importFailureNote(
  reference: string,
  reason: ImportFailure,
  maxDepth: number,
): string {
  return `[@${reference} was not inlined: ${describeImportFailure(reason, maxDepth)}]`;
}

const reasonWords: Readonly<Record<Exclude<ImportFailure, "too-deep">, string>> = {
  "not-found": "no such file",
  "permission-denied": "permission denied",
  "symlink-loop": "its symlinks form a loop",
  "not-a-file": "not a regular file",
  changed: "it was replaced between its check and its read",
  "io-error": "the file could not be read",
  "outside-root": "it lies outside the project root",
  cycle: "it would import itself",
  "not-a-path": "only file paths can be imported",
  "binary-file": "it holds NUL bytes, so it is not text",
};

/** The reason an import failed, in a few words. */
export function describeImportFailure(reason: ImportFailure, maxDepth: number): string {
  return reason === "too-deep" ? `imports may nest at most ${maxDepth} deep` : reasonWords[reason];
}
