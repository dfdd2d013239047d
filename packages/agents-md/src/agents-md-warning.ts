import type { CtxWarning } from "@ctx/text";
import type { FileSystemFailure } from "./file-system-failure.js";

/** Fields every AGENTS.md warning has. */
export interface AgentsMdWarningBase extends CtxWarning {
  /** The file (or, for a root marker, the marker path) the warning is about. */
  readonly path: string;
  /** The environment whose discovery raised it; `null` for the global file. */
  readonly environment: string | null;
}

/** A file crossed the budget (or the global file its cap) and was cut. */
export interface FileCutWarning extends AgentsMdWarningBase {
  readonly code: "file-cut";
  /** What ran out: the project budget, or the cap on the global file. */
  readonly limit: "budget" | "global-cap";
  /** The file's size in bytes as far as known (with imports: of the expanded text). */
  readonly bytes: number;
  /** The bytes kept. */
  readonly keptBytes: number;
  /** The bytes left out. */
  readonly droppedBytes: number;
  /** Whether the cut fell inside a character, which then shows as U+FFFD. */
  readonly splitCharacter: boolean;
}

/** The budget was spent before this file was reached, so it was not read at all. */
export interface FileDroppedWarning extends AgentsMdWarningBase {
  readonly code: "file-dropped";
  /** The file's size in bytes, all of it left out. */
  readonly droppedBytes: number;
}

/** A file with a candidate name was passed over. */
export interface FileSkippedWarning extends AgentsMdWarningBase {
  readonly code: "file-skipped";
  /**
   * `white-space-only`: the file is empty or white space; it costs no budget but still claims
   * its directory, so a later candidate name there (`AGENTS.md` beside an empty
   * `AGENTS.override.md`) is not read. `blank-within-budget`: the part that fits the remaining
   * budget is white space, so nothing of it is kept and it costs nothing. `not-a-file`: a
   * directory or special file has the name; the next candidate name is tried.
   */
  readonly reason: "white-space-only" | "blank-within-budget" | "not-a-file";
  /** The file's size in bytes (0 for something that is not a file). */
  readonly bytes: number;
}

/** A file or a root marker could not be checked or read; discovery went on without it. */
export interface ReadFailedWarning extends AgentsMdWarningBase {
  readonly code: "read-failed";
  /** What failed: looking the path up, or reading the file. */
  readonly operation: "stat" | "read";
  /** Why it failed. `not-found` at `read` means the file vanished after it was found. */
  readonly reason: FileSystemFailure;
  /** The file system's error code (`EACCES`, `ELOOP`, …), when it gave one. */
  readonly errorCode: string | null;
}

/** Bytes that are not UTF-8 were replaced by U+FFFD (a cut inside a character does not count). */
export interface InvalidUtf8Warning extends AgentsMdWarningBase {
  readonly code: "invalid-utf8";
}

/** The kept bytes hold a NUL byte: most likely not a text file at all, so it is skipped. */
export interface BinaryFileWarning extends AgentsMdWarningBase {
  readonly code: "binary-file";
}

/** Why an `@path` import was not inlined. */
export type ImportFailure =
  | FileSystemFailure
  | "outside-root"
  | "too-deep"
  | "cycle"
  | "not-a-path"
  | "binary-file";

/** An `@path` import was left as an inline note instead of the file's contents. */
export interface ImportFailedWarning extends AgentsMdWarningBase {
  readonly code: "import-failed";
  /** The reference as written, without the `@`. */
  readonly reference: string;
  /** The absolute path it resolved to (`null` when it is not a path, such as a URL). */
  readonly target: string | null;
  /** Why it was not inlined. */
  readonly reason: ImportFailure;
  /** How many references of this file failed alike (same reference, same reason). */
  readonly count: number;
}

/** The discovery reached its cap on imports; the references past it were left as written. */
export interface ImportLimitWarning extends AgentsMdWarningBase {
  readonly code: "import-limit";
  /** The cap: the most imports one discovery tries. */
  readonly limit: number;
}

/** The `home` folder given is not a folder (a file, say), so no global file was looked for. */
export interface HomeNotADirectoryWarning extends AgentsMdWarningBase {
  readonly code: "home-not-a-directory";
}

/**
 * Every limit discovery reached and every problem it worked around, as a value: files cut,
 * dropped or skipped, read failures, undecodable bytes, failed and capped imports, an unusable
 * home folder. Discovery never logs.
 */
export type AgentsMdWarning =
  | FileCutWarning
  | FileDroppedWarning
  | FileSkippedWarning
  | ReadFailedWarning
  | InvalidUtf8Warning
  | BinaryFileWarning
  | ImportFailedWarning
  | ImportLimitWarning
  | HomeNotADirectoryWarning;
