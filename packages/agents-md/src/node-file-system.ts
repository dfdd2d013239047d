import { type BigIntStats, constants, type Dirent } from "node:fs";
import * as fsPromises from "node:fs/promises";
import * as nodePath from "node:path";
import { z } from "zod";
import { checkArgument, checkText } from "./check-argument.js";
import type {
  AgentsMdFileSystem,
  EntryKind,
  FileKind,
  FileStat,
  OpenedFile,
  PathApi,
} from "./file-system.js";
import {
  byteCountSchema,
  hasFunctions,
  openOptionsSchema,
  pathApiSchema,
  readdirOptionsSchema,
} from "./file-system-schemas.js";

/** The `node:fs/promises` functions the Node file system calls; replace them to observe calls. */
export type NodeFileSystemFunctions = Pick<
  typeof fsPromises,
  "open" | "readdir" | "realpath" | "stat"
>;

/** Options of {@link createNodeFileSystem}. */
export interface NodeFileSystemOptions {
  /** The functions to call instead of `node:fs/promises` (for tests and instrumentation). */
  readonly functions?: NodeFileSystemFunctions | undefined;
  /** The path flavour; `node:path` (the platform's) by default. */
  readonly path?: PathApi | undefined;
}

const chunkBytes = 64 * 1024;
// O_NONBLOCK keeps a FIFO swapped in after the check from blocking the open; Windows has none.
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const noFollowFlag = constants.O_NOFOLLOW ?? 0;

const functionsSchema = z.custom<NodeFileSystemFunctions>(
  (value) => hasFunctions(value, ["open", "readdir", "realpath", "stat"]),
  { message: "expected an object with open, readdir, realpath and stat functions" },
);

const optionsSchema = z.strictObject({
  functions: functionsSchema.optional(),
  path: pathApiSchema.optional(),
});

/**
 * The file system of the machine this process runs on. Files are opened without blocking and
 * read through their handle in chunks, never past `maxBytes`, so a 1 GB AGENTS.md costs no more
 * than the budget; identities are `device:inode`.
 *
 * @throws {AgentsMdError} `invalid-argument` for options of the wrong kind; its methods throw it
 * for a path that is not a non-empty string.
 * @example
 * ```ts
 * const loaded = await discoverAgentsMd({ cwd: process.cwd(), fs: createNodeFileSystem() });
 * ```
 */
export function createNodeFileSystem(options: NodeFileSystemOptions = {}): AgentsMdFileSystem {
  const settings = checkArgument("options", optionsSchema, options);
  const functions = settings.functions ?? fsPromises;
  return {
    path: settings.path ?? nodePath,
    async stat(path) {
      return toFileStat(await functions.stat(checkText("path", path), { bigint: true }));
    },
    realpath: async (path) => functions.realpath(checkText("path", path)),
    async open(path, openOptions) {
      const { noFollow } = checkArgument("options", openOptionsSchema, openOptions ?? {});
      const flags = openFlags | (noFollow === true ? noFollowFlag : 0);
      const handle = await functions.open(checkText("path", path), flags);
      return openedFile(handle);
    },
    async readdir(path, readdirOptions) {
      const { maxEntries } = checkArgument("options", readdirOptionsSchema, readdirOptions);
      const entries = await functions.readdir(checkText("path", path), { withFileTypes: true });
      if (entries.length > maxEntries) return null;
      return entries.map((entry) => ({ name: entry.name, kind: entryKind(entry) }));
    },
  };
}

function entryKind(entry: Dirent): EntryKind {
  if (entry.isFile()) return "file";
  if (entry.isDirectory()) return "directory";
  if (entry.isSymbolicLink()) return "symlink";
  const special =
    entry.isFIFO() || entry.isSocket() || entry.isBlockDevice() || entry.isCharacterDevice();
  return special ? "other" : "unknown";
}

function toFileStat(stats: BigIntStats): FileStat {
  const kind: FileKind = stats.isFile() ? "file" : stats.isDirectory() ? "directory" : "other";
  return { kind, size: Number(stats.size), identity: `${stats.dev}:${stats.ino}` };
}

function openedFile(handle: fsPromises.FileHandle): OpenedFile {
  let knownSize: number | undefined;
  return {
    async stat() {
      const stat = toFileStat(await handle.stat({ bigint: true }));
      knownSize = stat.size;
      return stat;
    },
    async read(maxBytes) {
      const limit = checkArgument("maxBytes", byteCountSchema, maxBytes);
      knownSize ??= Number((await handle.stat({ bigint: true })).size);
      return readPrefix(handle, knownSize, limit);
    },
    close: () => handle.close(),
  };
}

async function readPrefix(
  handle: fsPromises.FileHandle,
  knownSize: number,
  maxBytes: number,
): Promise<Uint8Array> {
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
