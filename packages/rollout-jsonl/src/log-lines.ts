import type { LogReader } from "./log-reader.js";

/** The byte that ends a line. */
export const lineEnd = 0x0a;
/** The first chunk read backwards: most tails hold their last line in it. Later ones double. */
const firstBackwardChunk = 8 * 1024;
const largestBackwardChunk = 1024 * 1024;
const forwardChunk = 1024 * 1024;

/** One line of a log: where it starts and its bytes without the line end. */
export interface LogSegment {
  readonly start: number;
  readonly bytes: Buffer;
}

/** Reads exactly `buffer.length` bytes at `position`, or fewer only at the end of the file. */
async function readAt(handle: LogReader, buffer: Buffer, position: number): Promise<number> {
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(
      buffer,
      filled,
      buffer.length - filled,
      position + filled,
    );
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}

/**
 * The log's complete lines from `end` backwards, in chunks (the bytes after the last line end
 * are left out). Memory stays at a chunk plus the longest line met.
 */
export async function* linesBackward(handle: LogReader, end: number): AsyncGenerator<LogSegment> {
  let last = true;
  for await (const segment of segmentsBackward(handle, end)) {
    if (last) last = false;
    else yield segment;
  }
}

/** The bytes after the last line end before `end`, then each line before them, backwards. */
async function* segmentsBackward(handle: LogReader, end: number): AsyncGenerator<LogSegment> {
  let position = end;
  let carry: Buffer = Buffer.alloc(0);
  let chunkSize = firstBackwardChunk;
  while (position > 0) {
    const size = Math.min(Math.max(chunkSize, carry.length), position);
    chunkSize = Math.min(chunkSize * 2, largestBackwardChunk);
    position -= size;
    const chunk = Buffer.allocUnsafe(size);
    const read = await readAt(handle, chunk, position);
    carry = yield* splitBackward(Buffer.concat([chunk.subarray(0, read), carry]), position);
  }
  yield { start: 0, bytes: carry };
}

/**
 * The bytes of `data` (which starts at `position` in the log) after its last line end, then each
 * line before them, backwards, down to its first line end; returns the bytes before that.
 */
function* splitBackward(data: Buffer, position: number): Generator<LogSegment, Buffer> {
  let segmentEnd = data.length;
  let index = data.lastIndexOf(lineEnd, segmentEnd - 1);
  while (index !== -1) {
    yield { start: position + index + 1, bytes: data.subarray(index + 1, segmentEnd) };
    segmentEnd = index;
    index = segmentEnd === 0 ? -1 : data.lastIndexOf(lineEnd, segmentEnd - 1);
  }
  return data.subarray(0, segmentEnd);
}

/** The complete lines between `start` (a line's start) and `end` (just after a line end). */
export async function* linesForward(
  handle: LogReader,
  start: number,
  end: number,
  chunkSize = forwardChunk,
): AsyncGenerator<LogSegment> {
  let position = start;
  let carry = Buffer.alloc(0);
  while (position < end) {
    const size = Math.min(Math.max(chunkSize, carry.length), end - position);
    const chunk = Buffer.allocUnsafe(size);
    const read = await readAt(handle, chunk, position);
    if (read === 0) break;
    const data =
      carry.length === 0
        ? chunk.subarray(0, read)
        : Buffer.concat([carry, chunk.subarray(0, read)]);
    const dataStart = position - carry.length;
    let lineStart = 0;
    let index = data.indexOf(lineEnd, lineStart);
    while (index !== -1) {
      yield { start: dataStart + lineStart, bytes: data.subarray(lineStart, index) };
      lineStart = index + 1;
      index = data.indexOf(lineEnd, lineStart);
    }
    carry = data.subarray(lineStart);
    position += read;
  }
}
