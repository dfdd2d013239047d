import type { AgentsMdFileSystem } from "../file-system.js";

/** One call made through a {@link CountingFileSystem}. */
export interface FileSystemCall {
  /** Which method of the file system was called. */
  readonly operation: "stat" | "realpath" | "open" | "readdir";
  /** The path it was called with. */
  readonly path: string;
  /** For `open`: the most bytes the read of the opened file asked for. */
  readonly maxBytes?: number;
  /** For `open`: the bytes that read returned. */
  readonly bytes?: number;
}

/** A file system that records every call made through it (a test spy). */
export interface CountingFileSystem extends AgentsMdFileSystem {
  /** Every call so far, in the order made (failed calls included). */
  readonly calls: readonly FileSystemCall[];
  /** How many calls were made, of one operation or of all. */
  count(operation?: FileSystemCall["operation"]): number;
  /** Forgets the calls recorded so far. */
  reset(): void;
}

/**
 * Wraps a file system so that every call is recorded: how many stats, realpaths and opens a
 * discovery made, and how many bytes each read of an opened file asked for and got. Calls on
 * an opened file are not counted apart: they belong to its `open`.
 */
export function createCountingFileSystem(inner: AgentsMdFileSystem): CountingFileSystem {
  let calls: FileSystemCall[] = [];
  return {
    path: inner.path,
    get calls() {
      return calls;
    },
    count: (operation) =>
      operation === undefined
        ? calls.length
        : calls.filter((call) => call.operation === operation).length,
    reset() {
      calls = [];
    },
    stat(path) {
      calls.push({ operation: "stat", path });
      return inner.stat(path);
    },
    realpath(path) {
      calls.push({ operation: "realpath", path });
      return inner.realpath(path);
    },
    readdir(path, options) {
      calls.push({ operation: "readdir", path });
      return inner.readdir(path, options);
    },
    async open(path, options) {
      const log = calls;
      const index = log.length;
      log.push({ operation: "open", path });
      const file = await inner.open(path, options);
      return {
        stat: () => file.stat(),
        close: () => file.close(),
        async read(maxBytes) {
          log[index] = { operation: "open", path, maxBytes };
          const bytes = await file.read(maxBytes);
          log[index] = { operation: "open", path, maxBytes, bytes: bytes.length };
          return bytes;
        },
      };
    },
  };
}
