/** Why a file-system call failed, as discovery reports it. */
export type FileSystemFailure =
  | "not-found"
  | "permission-denied"
  | "symlink-loop"
  | "not-a-file"
  | "changed"
  | "io-error";

/**
 * The code of the error discovery raises itself when the file it opened is not the one that
 * passed its check (a path swapped between the check and the read).
 */
export const fileChangedCode = "ECTXCHANGED";

/** The `code` of a rejected file-system call (`ENOENT`, `EACCES`, …), or `null` if it has none. */
export function errorCodeOf(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("code" in error)) return null;
  const { code } = error as { code: unknown };
  return typeof code === "string" ? code : null;
}

/** Sorts a rejected file-system call into the failures discovery tells apart. */
export function classifyFailure(error: unknown): FileSystemFailure {
  switch (errorCodeOf(error)) {
    case "ENOENT":
    case "ENOTDIR":
      return "not-found";
    case "EACCES":
    case "EPERM":
      return "permission-denied";
    case "ELOOP":
      return "symlink-loop";
    case "EISDIR":
    case "ENOTFILE":
      return "not-a-file";
    case fileChangedCode:
      return "changed";
    default:
      return "io-error";
  }
}

/** A short description of a failure for warning messages. */
export function describeFailure(failure: FileSystemFailure, error: unknown): string {
  switch (failure) {
    case "not-found":
      return "it no longer exists";
    case "permission-denied":
      return "permission denied";
    case "symlink-loop":
      return "its symlinks form a loop";
    case "not-a-file":
      return "it is not a regular file";
    case "changed":
      return "it was replaced between its check and its read";
    case "io-error": {
      const code = errorCodeOf(error);
      const detail = error instanceof Error ? error.message : String(error);
      return code === null ? `read error (${detail})` : `read error ${code} (${detail})`;
    }
  }
}

/**
 * An error shaped like Node's file-system errors, with a `code` and no stack trace: a missing
 * file is an expected outcome here, and capturing a stack for each of the hundred misses of a
 * deep discovery cost more than the discovery itself.
 */
export function fileSystemError(code: string, operation: string, path: string): Error {
  const create = () => Object.assign(new Error(`${code}: ${operation} '${path}'`), { code });
  // `stackTraceLimit` is V8's; other engines capture their stack as they do.
  const engine = Error as ErrorConstructor & { stackTraceLimit?: number };
  const limit = engine.stackTraceLimit;
  if (limit === undefined) return create();
  engine.stackTraceLimit = 0;
  try {
    return create();
  } finally {
    engine.stackTraceLimit = limit;
  }
}
