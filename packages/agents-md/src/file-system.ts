/** What a path names, after following symlinks. */
export type FileKind = "file" | "directory" | "other";

/** What discovery needs to know about a path. */
export interface FileStat {
  /** A regular file, a directory, or anything else (a FIFO, a socket, a device). */
  readonly kind: FileKind;
  /** The size in bytes (what the file system reports; a file may change before it is read). */
  readonly size: number;
  /**
   * The file's identity: the same string for every path that reaches the same file (symlinks,
   * hard links, another letter case on a case-insensitive file system). Node's file system uses
   * `device:inode`.
   */
  readonly identity: string;
}

/**
 * What a directory entry is, without following it: a symlink is reported as one; `unknown` when
 * the listing does not say (some file systems leave the type out), so a `stat` must.
 */
export type EntryKind = "file" | "directory" | "symlink" | "other" | "unknown";

/** One entry of a directory listing. */
export interface DirectoryEntry {
  /** The entry's name in its directory (not a path). */
  readonly name: string;
  readonly kind: EntryKind;
}

/** Options of {@link AgentsMdFileSystem.readdir}. */
export interface ReaddirOptions {
  /** List at most this many entries: a directory holding more gives `null` instead. */
  readonly maxEntries: number;
}

/** The path operations discovery uses: `node:path`, `node:path/posix` and `node:path/win32` fit. */
export interface PathApi {
  /** The separator between path segments. */
  readonly sep: string;
  join(...paths: string[]): string;
  dirname(path: string): string;
  isAbsolute(path: string): boolean;
  relative(from: string, to: string): string;
  resolve(...paths: string[]): string;
}

/** Options of {@link AgentsMdFileSystem.open}. */
export interface OpenOptions {
  /**
   * Refuse (with `ELOOP`) when the last segment of the path is a symlink, instead of following
   * it: a path that passed a check is opened without following anything new.
   */
  readonly noFollow?: boolean | undefined;
}

/**
 * A file opened for reading. Whatever happens to its path afterwards, `stat` and `read` concern
 * the file that was opened; `close` releases it.
 */
export interface OpenedFile {
  /** What the opened file is (its kind, size and identity). */
  stat(): Promise<FileStat>;
  /**
   * The first `maxBytes` bytes of the file (all of it when shorter). An implementation must not
   * read further than that: this is what keeps a huge file cheap.
   */
  read(maxBytes: number): Promise<Uint8Array>;
  /** Releases the file; nothing else is called on it afterwards. */
  close(): Promise<void>;
}

/**
 * The small asynchronous file system discovery runs on: Node's (`createNodeFileSystem` of
 * `@ctx/agents-md/node`), an in-memory one ({@link createMemoryFileSystem}), or your own for a
 * remote or virtual environment.
 *
 * A failing call rejects with an error whose `code` names the failure as Node does: `ENOENT` and
 * `ENOTDIR` (nothing there, or for `readdir` not a directory), `EACCES` or `EPERM` (permission denied), `ELOOP` (a symlink loop,
 * or a symlink opened with `noFollow`), `EISDIR` or `ENOTFILE` (reading something that is not a
 * regular file). Any other code is reported as an input/output error. Discovery never writes.
 */
export interface AgentsMdFileSystem {
  /** How paths of this file system are joined and compared. */
  readonly path: PathApi;
  /** What `path` names, following symlinks. */
  stat(path: string): Promise<FileStat>;
  /** The absolute path of `path` with every symlink resolved. */
  realpath(path: string): Promise<string>;
  /**
   * Opens what `path` names for reading (following symlinks unless `noFollow`), without blocking
   * on a special file: discovery checks the opened file's `stat` before it reads.
   */
  open(path: string, options?: OpenOptions): Promise<OpenedFile>;
  /**
   * The entries of the directory `path` names (following symlinks to it), in any order, or
   * `null` when it holds more than `options.maxEntries` (discovery then asks for the names it
   * wants one by one). An implementation must not hold more than `maxEntries` entries at once:
   * this is what keeps a huge directory cheap.
   */
  readdir(path: string, options: ReaddirOptions): Promise<DirectoryEntry[] | null>;
}
