import { CliError } from "./cli-error.js";

/** What `ctx` was doing with a path when the system refused. */
export type FileAction = "read" | "write" | "list";

type Sentence = (path: string, action: FileAction) => string;

/** A plain sentence for each refusal a person can act on, by the system's code. */
const sentences: Readonly<Record<string, Sentence>> = {
  ENOENT: (path, action) =>
    action === "write"
      ? `cannot write ${path}: its folder does not exist`
      : `${path} does not exist`,
  EISDIR: (path) => `${path} is a folder, not a file`,
  ENOTDIR: (path, action) =>
    action === "list"
      ? `${path} is a file, not a folder`
      : `cannot ${action} ${path}: a part of its path is a file, not a folder`,
  EACCES: (path, action) => `you have no permission to ${action} ${path}`,
  EPERM: (path, action) => `you have no permission to ${action} ${path}`,
  ELOOP: (path, action) => `cannot ${action} ${path}: its symbolic links go round in a loop`,
  ENAMETOOLONG: (path, action) => `cannot ${action} ${path}: the path is too long`,
  EMFILE: (path, action) => `cannot ${action} ${path}: too many files are open`,
  ENFILE: (path, action) => `cannot ${action} ${path}: too many files are open`,
  ENOSPC: (path, action) => `cannot ${action} ${path}: the disk is full`,
  EROFS: (path, action) => `cannot ${action} ${path}: the file system is read-only`,
};

/**
 * The error `ctx` reports when it could not `action` the file or folder at `path`: one sentence
 * naming the path, never the system's code (`ENOENT`, `EISDIR`, …); a refusal without a sentence
 * of its own keeps the system's description (`cannot read F: input/output error`), and an error
 * that is not the system's keeps its message.
 */
export function fileFailure(error: unknown, path: string, action: FileAction): CliError {
  const code = (error as { code?: unknown } | undefined)?.code;
  const sentence = typeof code === "string" ? sentences[code] : undefined;
  if (sentence !== undefined) {
    return new CliError("failure", sentence(path, action), { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  // Node writes a system error as `CODE: description, call 'path'`.
  const description = /^[A-Z][A-Z0-9_]*: ([^,]+)/.exec(message)?.[1] ?? message;
  return new CliError("failure", `cannot ${action} ${path}: ${description}`, { cause: error });
}

/** The system calls that list a folder, and those that change the file system. */
const listing = new Set(["scandir", "opendir", "readdir"]);
const writing = new Set(["write", "mkdir", "rename", "unlink", "rmdir", "copyfile"]);

/**
 * `error` as `ctx` reports it: a file system refusal no command turned into a sentence becomes
 * one ({@link fileFailure}) naming its path, rather than `ENOENT: no such file or directory, …`;
 * any other error is returned as it is.
 */
export function systemFailure(error: unknown): unknown {
  if (CliError.isInstance(error) || !(error instanceof Error)) return error;
  const { syscall, path } = error as { syscall?: unknown; path?: unknown };
  if (typeof syscall !== "string" || typeof path !== "string") return error;
  const action = listing.has(syscall) ? "list" : writing.has(syscall) ? "write" : "read";
  return fileFailure(error, path, action);
}
