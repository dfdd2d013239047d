import type { AgentsMdFileSystem, FileStat } from "./file-system.js";
import { fileChangedCode, fileSystemError } from "./file-system-failure.js";

/** What to prove about the file before reading it, and how much to read. */
export interface CheckedReadRequest {
  /** Read at most this many bytes from the start of the file. */
  readonly maxBytes: number;
  /**
   * The identity of the file that passed the caller's check; the opened file must have it.
   * `null` when the open itself is the check (its `stat` is then the truth).
   */
  readonly identity: string | null;
  /** Refuse a symlink as the last segment (the path was resolved and checked already). */
  readonly noFollow: boolean;
}

/** The opened file's stat and the bytes read from it. */
export interface CheckedRead {
  readonly stat: FileStat;
  readonly bytes: Uint8Array;
}

/**
 * Opens `path` once and reads the file that was opened, after proving from the opened file
 * itself (not its path, which may have been swapped since) that it is a regular file and, when
 * `identity` is given, the very file the caller checked. Whatever the path names after the open
 * does not matter: the read goes through the open file.
 * @throws the file system's error, or one whose code is `ECTXCHANGED` when the opened file is
 * not the one checked, `EISDIR` / `ENOTFILE` when it is not a regular file.
 */
export async function readCheckedFile(
  fs: AgentsMdFileSystem,
  path: string,
  request: CheckedReadRequest,
): Promise<CheckedRead> {
  const file = await fs.open(path, request.noFollow ? { noFollow: true } : {});
  try {
    const stat = await file.stat();
    if (stat.kind !== "file") {
      throw fileSystemError(stat.kind === "directory" ? "EISDIR" : "ENOTFILE", "open", path);
    }
    if (request.identity !== null && stat.identity !== request.identity) {
      throw fileSystemError(fileChangedCode, "open", path);
    }
    return { stat, bytes: await file.read(request.maxBytes) };
  } finally {
    await file.close();
  }
}
