import type { AgentsMdFileSystem, FileStat, OpenedFile } from "./file-system.js";
import { fileChangedCode, fileSystemError } from "./file-system-failure.js";

/** What to prove about a file when it is opened. */
export interface FileCheck {
  /**
   * The identity of the file that passed the caller's check; the opened file must have it.
   * `null` when the open itself is the check (its `stat` is then the truth).
   */
  readonly identity: string | null;
  /** Refuse a symlink as the last segment (the path was resolved and checked already). */
  readonly noFollow: boolean;
}

/** An opened regular file and its stat; whoever holds it closes `file`. */
export interface CheckedFile {
  readonly stat: FileStat;
  readonly file: OpenedFile;
}

/** The outcome of {@link openCheckedFile}: the file, or why it could not be opened. */
export type CheckedOpen = { readonly opened: CheckedFile } | { readonly error: unknown };

/**
 * Opens `path` once and proves from the opened file itself (not its path, which may have been
 * swapped since) that it is a regular file and, when `check.identity` is given, the very file the
 * caller checked; whatever the path names afterwards does not matter, since reads go through the
 * open file. Never rejects: a failure is returned, with the file closed (an error whose code is
 * `ECTXCHANGED` when the opened file is not the one checked, `EISDIR` / `ENOTFILE` when it is
 * not a regular file), so that several opens can be started at once and awaited in turn.
 */
export async function openCheckedFile(
  fs: AgentsMdFileSystem,
  path: string,
  check: FileCheck,
): Promise<CheckedOpen> {
  let file: OpenedFile;
  try {
    file = await fs.open(path, check.noFollow ? { noFollow: true } : {});
  } catch (error) {
    return { error };
  }
  try {
    const stat = await file.stat();
    if (stat.kind !== "file") {
      throw fileSystemError(stat.kind === "directory" ? "EISDIR" : "ENOTFILE", "open", path);
    }
    if (check.identity !== null && stat.identity !== check.identity) {
      throw fileSystemError(fileChangedCode, "open", path);
    }
    return { opened: { stat, file } };
  } catch (error) {
    await file.close();
    return { error };
  }
}

/** Closes the file of an open that succeeded. */
export async function closeOpened(outcome: CheckedOpen): Promise<void> {
  if ("opened" in outcome) await outcome.opened.file.close();
}

/** The opened file's stat and the bytes read from it. */
export interface CheckedRead {
  readonly stat: FileStat;
  readonly bytes: Uint8Array;
}

/**
 * The first `maxBytes` bytes of the file at `path`, opened and proven as
 * {@link openCheckedFile} does, then closed.
 * @throws the file system's error, or the failure of the check.
 */
export async function readCheckedFile(
  fs: AgentsMdFileSystem,
  path: string,
  request: FileCheck & { readonly maxBytes: number },
): Promise<CheckedRead> {
  const outcome = await openCheckedFile(fs, path, request);
  if ("error" in outcome) throw outcome.error;
  const { stat, file } = outcome.opened;
  try {
    return { stat, bytes: await file.read(request.maxBytes) };
  } finally {
    await file.close();
  }
}
