import * as nodeFs from "node:fs";
import { type BigIntStats, constants, type Dirent } from "node:fs";
import * as nodePath from "node:path";
import { z } from "zod";
import { checkArgument, checkText } from "../check-argument.js";
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

/** The callback a `node:fs` call ends with: an error, or the value. */
type Done<Value> = (error: NodeJS.ErrnoException | null, value: Value) => void;

/**
 * The callback-style `node:fs` functions the Node file system calls, with the arguments it
 * passes: it works on file descriptors, since a `FileHandle` of `node:fs/promises` costs several
 * times more per call. `realpath` is `fs.realpath.native` by default (one system call, not a
 * walk over each segment). Replace them to observe calls.
 */
export interface NodeFileSystemFunctions {
  stat(path: string, options: { bigint: true }, done: Done<BigIntStats>): void;
  realpath(path: string, done: Done<string>): void;
  readdir(path: string, options: { withFileTypes: true }, done: Done<Dirent[]>): void;
  open(path: string, flags: number, done: Done<number>): void;
  fstat(fd: number, options: { bigint: true }, done: Done<BigIntStats>): void;
  read(
    fd: number,
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number,
    done: Done<number>,
  ): void;
  close(fd: number, done: (error: NodeJS.ErrnoException | null) => void): void;
}

const functionNames = ["close", "fstat", "open", "read", "readdir", "realpath", "stat"] as const;

/** Options of {@link createNodeFileSystem}. */
export interface NodeFileSystemOptions {
  /** The functions to call instead of `node:fs`'s (for tests and instrumentation). */
  readonly functions?: NodeFileSystemFunctions | undefined;
  /** The path flavour; `node:path` (the platform's) by default. */
  readonly path?: PathApi | undefined;
}

const chunkBytes = 64 * 1024;
// O_NONBLOCK keeps a FIFO swapped in after the check from blocking the open; Windows has none.
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const noFollowFlag = constants.O_NOFOLLOW ?? 0;

const functionsSchema = z.custom<NodeFileSystemFunctions>(
  (value) => hasFunctions(value, functionNames),
  { message: `expected an object with ${functionNames.join(", ")} functions` },
);

const optionsSchema = z.strictObject({
  functions: functionsSchema.optional(),
  path: pathApiSchema.optional(),
});

/**
 * The file system of the machine this process runs on. Files are opened without blocking and
 * read through their descriptor in chunks, never past `maxBytes`, so a 1 GB AGENTS.md costs no
 * more than the budget; identities are `device:inode`.
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
  const functions = settings.functions ?? nodeFunctions();
  return {
    path: settings.path ?? nodePath,
    async stat(path) {
      const checked = checkText("path", path);
      return toFileStat(
        await settle<BigIntStats>((done) => functions.stat(checked, { bigint: true }, done)),
      );
    },
    async realpath(path) {
      const checked = checkText("path", path);
      return settle<string>((done) => functions.realpath(checked, done));
    },
    async open(path, openOptions) {
      const checked = checkText("path", path);
      const { noFollow } = checkArgument(
        "options",
        openOptionsSchema,
        openOptions === undefined ? {} : openOptions,
      );
      const flags = openFlags | (noFollow === true ? noFollowFlag : 0);
      const fd = await settle<number>((done) => functions.open(checked, flags, done));
      return openedFile(functions, fd, checked);
    },
    async readdir(path, readdirOptions) {
      const checked = checkText("path", path);
      const { maxEntries } = checkArgument("options", readdirOptionsSchema, readdirOptions);
      const entries = await settle<Dirent[]>((done) =>
        functions.readdir(checked, { withFileTypes: true }, done),
      );
      if (entries.length > maxEntries) return null;
      return entries.map((entry) => ({ name: entry.name, kind: entryKind(entry) }));
    },
  };
}

/**
 * The functions of `node:fs` as they are now (read when a file system is made, so that a
 * module patched to observe calls is seen).
 */
function nodeFunctions(): NodeFileSystemFunctions {
  const { close, fstat, open, read, readdir, stat } = nodeFs;
  return { close, fstat, open, read, readdir, stat, realpath: nodeFs.realpath.native };
}

/** Runs a callback-style call and settles with what its callback is given. */
function settle<Value>(call: (done: Done<Value>) => void): Promise<Value> {
  return new Promise((resolve, reject) => {
    call((error, value) => (error ? reject(error) : resolve(value)));
  });
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
  const fstat = async () =>
    toFileStat(await settle<BigIntStats>((done) => functions.fstat(fd, { bigint: true }, done)));
  return {
    stat: () =>
      use("stat", async () => {
        const stat = await fstat();
        knownSize = stat.size;
        return stat;
      }),
    read(maxBytes) {
      return use("read", async () => {
        const limit = checkArgument("maxBytes", byteCountSchema, maxBytes);
        knownSize ??= (await fstat()).size;
        return readPrefix(functions, fd, knownSize, limit);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await running;
      await settle<void>((done) => functions.close(fd, (error) => done(error, undefined)));
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
    const bytesRead = await settle<number>((done) =>
      functions.read(fd, buffer, 0, want, position, done),
    );
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
