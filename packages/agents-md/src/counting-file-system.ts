import type { AgentsMdFileSystem } from "./file-system.js";

/** One call made through a {@link CountingFileSystem}. */
export interface FileSystemCall {
  /** Which method was called. */
  readonly operation: "stat" | "realpath" | "readFile";
  /** The path it was called with. */
  readonly path: string;
  /** For `readFile`: the most bytes asked for. */
  readonly maxBytes?: number;
  /** For `readFile`: the bytes returned (absent when the call failed). */
  readonly bytes?: number;
}

/** A file system that records every call made through it. */
export interface CountingFileSystem extends AgentsMdFileSystem {
  /** Every call so far, in the order made (failed calls included). */
  readonly calls: readonly FileSystemCall[];
  /** How many calls were made, of one operation or of all. */
  count(operation?: FileSystemCall["operation"]): number;
  /** Forgets the calls recorded so far. */
  reset(): void;
}

/**
 * Wraps a file system so that every call is recorded: how many stats, realpaths and reads a
 * discovery made, and how many bytes it asked for and got.
 *
 * @example
 * ```ts
 * const fs = createCountingFileSystem(createNodeFileSystem());
 * await discoverAgentsMd({ cwd: process.cwd(), fs });
 * fs.count("readFile"); // one per AGENTS.md read
 * ```
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
    async readFile(path, options) {
      const log = calls;
      const index = log.length;
      log.push({ operation: "readFile", path, maxBytes: options.maxBytes });
      const bytes = await inner.readFile(path, options);
      log[index] = { operation: "readFile", path, maxBytes: options.maxBytes, bytes: bytes.length };
      return bytes;
    },
  };
}
