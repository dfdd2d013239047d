import { type BigIntStats, constants, type Dirent } from "node:fs";
import * as nodePath from "node:path";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkSchema } from "../check-argument.js";
import { checkText } from "../check-text.js";
import type {
  AgentsMdFileSystem,
  EntryKind,
  FileKind,
  FileStat,
  OpenedFile,
  PathApi,
} from "../file-system.js";
import { fileSystemError } from "../file-system-failure.js";
import {
  byteCountSchema,
  hasFunctions,
  openOptionsSchema,
  pathApiSchema,
  readdirOptionsSchema,
} from "../file-system-schemas.js";
import {
  blockingFunctions,
  callbackFunctions,
  functionNames,
  type NodeFileSystemFunctions,
} from "./node-functions.js";

/** Options of {@link createNodeFileSystem}. */
export interface NodeFileSystemOptions {
  /**
   * Make every call on this thread with the blocking functions of `node:fs` (`statSync`,
   * `readSync`, …) instead of the callback ones, which each wait for a round trip through
   * libuv's thread pool. The calls and the results are the same; a one-shot command (a CLI)
   * gains, a server that must keep answering while a slow disk is read does not. `false` by
   * default; not to be given with `functions`.
   */
  readonly blocking?: boolean | undefined;
  /** The functions to call instead of `node:fs`'s (for tests and instrumentation). */
  readonly functions?: NodeFileSystemFunctions | undefined;
  /** The path flavour; `node:path` (the platform's) by default. */
  readonly path?: PathApi | undefined;
}

const chunkBytes = 64 * 1024;
// O_NONBLOCK keeps a FIFO swapped in after the check from blocking the open; Windows has none.
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const noFollowFlag = constants.O_NOFOLLOW ?? 0;

const functionsSchema = lazySchema(() =>
  z.custom<NodeFileSystemFunctions>((value) => hasFunctions(value, functionNames), {
    message: `expected an object with ${functionNames.join(", ")} functions`,
  }),
);

const optionsSchema = lazySchema(() =>
  z
    .strictObject({
      blocking: z.boolean().optional(),
      functions: functionsSchema.optional(),
      path: pathApiSchema.optional(),
    })
    .refine((options) => options.blocking === undefined || options.functions === undefined, {
      message: "give blocking or functions, not both: blocking chooses the functions of node:fs",
      path: ["blocking"],
    }),
);

/**
 * The file system of the machine this process runs on. Files are opened without blocking and
 * read through their descriptor in chunks, never past `maxBytes`, so a 1 GB AGENTS.md costs no
 * more than the budget; identities are `device:inode`. With `blocking: true` the same calls are
 * made with the blocking functions of `node:fs`, each answered on this thread at once.
 *
 * @throws {AgentsMdError} `invalid-argument` for options of the wrong kind; its methods throw it
 * for a path that is not a non-empty string.
 * @example
 * ```ts
 * const loaded = await discoverAgentsMd({ cwd: process.cwd(), fs: createNodeFileSystem() });
 * // a one-shot command, which has nothing else to do meanwhile:
 * await discoverAgentsMd({ cwd: process.cwd(), fs: createNodeFileSystem({ blocking: true }) });
 * ```
 */
export function createNodeFileSystem(options: NodeFileSystemOptions = {}): AgentsMdFileSystem {
  const settings = checkSchema("options", options, optionsSchema);
  const functions =
    settings.functions ?? (settings.blocking === true ? blockingFunctions() : callbackFunctions());
  return {
    path: settings.path ?? nodePath,
    async stat(path) {
      const checked = checkText("path", path);
      return toFileStat(await functions.stat(checked));
    },
    async realpath(path) {
      const checked = checkText("path", path);
      return await functions.realpath(checked);
    },
    async open(path, openOptions) {
      const checked = checkText("path", path);
      const { noFollow } = checkSchema(
        "options",
        openOptions === undefined ? {} : openOptions,
        openOptionsSchema,
      );
      const flags = openFlags | (noFollow === true ? noFollowFlag : 0);
      const fd = await functions.open(checked, flags);
      return openedFile(functions, fd, checked);
    },
    async readdir(path, readdirOptions) {
      const checked = checkText("path", path);
      const { maxEntries } = checkSchema("options", readdirOptions, readdirOptionsSchema);
      const entries = await functions.readdir(checked);
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

/**
 * The descriptor `fd` as an {@link OpenedFile}. Once closed it refuses every call (`EBADF`), and
 * `close` waits for the calls still running, so that a descriptor number the system has handed
 * out again is never read.
 */
function openedFile(functions: NodeFileSystemFunctions, fd: number, path: string): OpenedFile {
  let knownSize: number | undefined;
  let closed = false;
  let running: Promise<unknown> = Promise.resolve();
  const use = <Value>(operation: string, call: () => Promise<Value>): Promise<Value> => {
    if (closed) return Promise.reject(fileSystemError("EBADF", operation, path));
    const result = call();
    running = Promise.allSettled([running, result]);
    return result;
  };
  const fstat = async () => toFileStat(await functions.fstat(fd));
  return {
    stat: () =>
      use("stat", async () => {
        const stat = await fstat();
        knownSize = stat.size;
        return stat;
      }),
    read(maxBytes) {
      return use("read", async () => {
        const limit = checkSchema("maxBytes", maxBytes, byteCountSchema);
        knownSize ??= (await fstat()).size;
        return readPrefix(functions, fd, knownSize, limit);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await running;
      await functions.close(fd);
    },
  };
}

async function readPrefix(
  functions: NodeFileSystemFunctions,
  fd: number,
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
    const position = total;
    const bytesRead = await functions.read(fd, buffer, 0, want, position);
    if (bytesRead === 0) break;
    chunks.push(bytesRead === want ? buffer : buffer.subarray(0, bytesRead));
    total += bytesRead;
    // A short read at or past the size the descriptor reported is the end of the file.
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
