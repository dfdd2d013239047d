import { constants } from "node:fs";
import * as fsPromises from "node:fs/promises";
import * as nodePath from "node:path";
import type { AgentsMdFileSystem, FileKind, PathApi, ReadFileOptions } from "./file-system.js";
import { fileSystemError } from "./file-system-failure.js";

/** The `node:fs/promises` functions the Node file system calls; replace them to observe calls. */
export type NodeFileSystemFunctions = Pick<typeof fsPromises, "open" | "realpath" | "stat">;

/** Options of {@link createNodeFileSystem}. */
export interface NodeFileSystemOptions {
  /** The functions to call instead of `node:fs/promises` (for tests and instrumentation). */
  readonly functions?: NodeFileSystemFunctions;
  /** The path flavour; `node:path` (the platform's) by default. */
  readonly path?: PathApi;
}

const chunkBytes = 64 * 1024;
// O_NONBLOCK keeps a FIFO swapped in after the check from blocking the open; Windows has none.
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * The file system of the machine this process runs on. Files are read through a file handle in
 * chunks and never past `maxBytes`, so a 1 GB AGENTS.md costs no more than the budget; a path
 * that is not a regular file when opened is refused with `ENOTFILE`.
 *
 * @example
 * ```ts
 * const loaded = await discoverAgentsMd({ cwd: process.cwd(), fs: createNodeFileSystem() });
 * ```
 */
export function createNodeFileSystem(options: NodeFileSystemOptions = {}): AgentsMdFileSystem {
  const functions = options.functions ?? fsPromises;
  return {
    path: options.path ?? nodePath,
    async stat(path) {
      const stats = await functions.stat(path, { bigint: true });
      const kind: FileKind = stats.isFile() ? "file" : stats.isDirectory() ? "directory" : "other";
      return { kind, size: Number(stats.size), identity: `${stats.dev}:${stats.ino}` };
    },
    realpath: (path) => functions.realpath(path),
    readFile: (path, readOptions) => readPrefix(functions, path, readOptions),
  };
}

async function readPrefix(
  functions: NodeFileSystemFunctions,
  path: string,
  { maxBytes }: ReadFileOptions,
): Promise<Uint8Array> {
  const handle = await functions.open(path, openFlags);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      throw fileSystemError(stats.isDirectory() ? "EISDIR" : "ENOTFILE", "open", path);
    }
    const knownSize = Number(stats.size);
    const chunks: Uint8Array[] = [];
    let total = 0;
    while (total < maxBytes) {
      // Ask for one byte past the reported size, so the end shows as a short read.
      const expected = total < knownSize ? knownSize - total + 1 : chunkBytes;
      const want = Math.min(chunkBytes, maxBytes - total, expected);
      const buffer = new Uint8Array(want);
      const { bytesRead } = await handle.read(buffer, 0, want, total);
      if (bytesRead === 0) break;
      chunks.push(bytesRead === want ? buffer : buffer.subarray(0, bytesRead));
      total += bytesRead;
      // A short read at or past the size the handle reported is the end of the file.
      if (bytesRead < want && total >= knownSize) break;
    }
    return concatenate(chunks, total);
  } finally {
    await handle.close();
  }
}

function concatenate(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
