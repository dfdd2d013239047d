import { fstatSync, readSync } from "node:fs";

/**
 * What the log readers read from: a `FileHandle`, or {@link readDescriptor}'s reader for reads
 * that need no round trip through the thread pool.
 */
export interface LogReader {
  read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
  ): Promise<{ readonly bytesRead: number }>;
}

/**
 * Opens the reading of a file descriptor with synchronous calls: its first bytes in one read
 * into `scratch`, which the answer then owns until the caller is done with the file. A log
 * shorter than `scratch` is answered whole; a longer one as a reader that serves reads inside
 * those first bytes from them, and its size. A rebuild reads the header and the end of every
 * log, most logs lie whole in that one read, and on a busy machine a call through the thread
 * pool costs several times a synchronous one. The caller yields to the event loop between
 * files.
 */
export function readDescriptor(
  descriptor: number,
  scratch: Buffer,
): { readonly whole: Buffer } | { readonly reader: LogReader; readonly size: number } {
  const prefix = scratch.subarray(0, readSync(descriptor, scratch, 0, scratch.length, 0));
  if (prefix.length < scratch.length) return { whole: prefix };
  const reader: LogReader = {
    read: async (buffer, offset, length, position) => {
      if (position + length <= prefix.length)
        return { bytesRead: prefix.copy(buffer, offset, position, position + length) };
      return { bytesRead: readSync(descriptor, buffer, offset, length, position) };
    },
  };
  return { reader, size: fstatSync(descriptor).size };
}
