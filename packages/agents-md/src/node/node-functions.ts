import type { BigIntStats, Dirent } from "node:fs";
import * as nodeFs from "node:fs";

/** A value now, or a promise of it later: what a blocking or a callback call gives. */
export type Awaitable<Value> = Value | Promise<Value>;

/**
 * The `node:fs` calls the Node file system makes, each answering at once (blocking) or with a
 * promise: it works on file descriptors, since a `FileHandle` of `node:fs/promises` costs several
 * times more per call. Stats are `bigint` ones (an inode does not fit a double); a listing
 * carries each entry's type; `realpath` is the native one (one system call, not a walk over each
 * segment). Replace them to observe calls.
 */
export interface NodeFileSystemFunctions {
  stat(path: string): Awaitable<BigIntStats>;
  realpath(path: string): Awaitable<string>;
  readdir(path: string): Awaitable<Dirent[]>;
  open(path: string, flags: number): Awaitable<number>;
  fstat(fd: number): Awaitable<BigIntStats>;
  /** Reads `length` bytes at `position` of the file into `buffer` at `offset`; the bytes read. */
  read(
    fd: number,
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number,
  ): Awaitable<number>;
  close(fd: number): Awaitable<void>;
}

/** The names of {@link NodeFileSystemFunctions}, to check a replacement has them all. */
export const functionNames = [
  "close",
  "fstat",
  "open",
  "read",
  "readdir",
  "realpath",
  "stat",
] as const;

/** The callback a `node:fs` call ends with: an error, or the value. */
type Done<Value> = (error: NodeJS.ErrnoException | null, value: Value) => void;

/**
 * The callback functions of `node:fs` as they are now, each run on libuv's thread pool and
 * answering with a promise. They are read when called for, so that a module patched to observe
 * calls is seen.
 */
export function callbackFunctions(): NodeFileSystemFunctions {
  const { close, fstat, open, read, readdir, stat } = nodeFs;
  const realpath = nodeFs.realpath.native;
  return {
    stat: (path) => settle<BigIntStats>((done) => stat(path, { bigint: true }, done)),
    realpath: (path) => settle<string>((done) => realpath(path, done)),
    readdir: (path) => settle<Dirent[]>((done) => readdir(path, { withFileTypes: true }, done)),
    open: (path, flags) => settle<number>((done) => open(path, flags, done)),
    fstat: (fd) => settle<BigIntStats>((done) => fstat(fd, { bigint: true }, done)),
    read: (fd, buffer, offset, length, position) =>
      settle<number>((done) => read(fd, buffer, offset, length, position, done)),
    close: (fd) => settle<void>((done) => close(fd, (error) => done(error, undefined))),
  };
}

/**
 * The blocking functions of `node:fs` as they are now: each answers at once, on this thread,
 * and throws on failure. They are read when called for, as {@link callbackFunctions} are.
 */
export function blockingFunctions(): NodeFileSystemFunctions {
  const { closeSync, fstatSync, openSync, readSync, readdirSync, statSync } = nodeFs;
  const realpathSync = nodeFs.realpathSync.native;
  return {
    stat: (path) => statSync(path, { bigint: true }),
    realpath: (path) => realpathSync(path),
    readdir: (path) => readdirSync(path, { withFileTypes: true }),
    open: (path, flags) => openSync(path, flags),
    fstat: (fd) => fstatSync(fd, { bigint: true }),
    read: (fd, buffer, offset, length, position) => readSync(fd, buffer, offset, length, position),
    close: (fd) => closeSync(fd),
  };
}

/** Runs a callback-style call and settles with what its callback is given. */
function settle<Value>(call: (done: Done<Value>) => void): Promise<Value> {
  return new Promise((resolve, reject) => {
    call((error, value) => (error ? reject(error) : resolve(value)));
  });
}
