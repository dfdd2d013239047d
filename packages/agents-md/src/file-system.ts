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

/** Options of {@link AgentsMdFileSystem.readFile}. */
export interface ReadFileOptions {
  /** Read at most this many bytes from the start of the file. */
  readonly maxBytes: number;
}

/**
 * The small asynchronous file system discovery runs on: Node's by default
 * ({@link createNodeFileSystem}), an in-memory one for tests ({@link createMemoryFileSystem}), or
 * your own for a remote or virtual environment.
 *
 * A failing call rejects with an error whose `code` names the failure as Node does: `ENOENT` and
 * `ENOTDIR` (nothing there), `EACCES` or `EPERM` (permission denied), `ELOOP` (a symlink loop),
 * `EISDIR` or `ENOTFILE` (reading something that is not a regular file). Any other code is
 * reported as an input/output error. Discovery never writes.
 */
export interface AgentsMdFileSystem {
  /** How paths of this file system are joined and compared. */
  readonly path: PathApi;
  /** What `path` names, following symlinks. */
  stat(path: string): Promise<FileStat>;
  /** The absolute path of `path` with every symlink resolved. */
  realpath(path: string): Promise<string>;
  /**
   * The first `options.maxBytes` bytes of a regular file (all of it when shorter). An
   * implementation must not read further than that: this is what keeps a huge file cheap.
   */
  readFile(path: string, options: ReadFileOptions): Promise<Uint8Array>;
}
