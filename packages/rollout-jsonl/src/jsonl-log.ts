import { fstatSync, readSync } from "node:fs";
import {
  type HeaderLine,
  type LineLocation,
  parseLogLine,
  type RecordLine,
  unreadableLineError,
} from "./jsonl-line.js";
import { RolloutLogMismatchError } from "./rollout-log-mismatch-error.js";

const lineEnd = 0x0a;
/** The first chunk read backwards: most tails hold their last line in it. Later ones double. */
const firstBackwardChunk = 8 * 1024;
const largestBackwardChunk = 1024 * 1024;
const forwardChunk = 1024 * 1024;

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

/** A JSONL rollout's state as its end tells it. */
export interface LogTail {
  /** Just after the last line end of the last complete batch (or of the header). */
  readonly committedEnd: number;
  /** The sequence the next record gets: after the last complete batch, or the session's base. */
  readonly nextSequence: number;
  /** When the last complete batch was appended, if there is one. */
  readonly appendedAt: string | undefined;
  /** The bytes after `committedEnd` that a crash left: a cut line or an unfinished batch. */
  readonly tornBytes: number;
}

/** Where a log is, for errors that name a line. */
export interface LogLocation {
  readonly sessionId: string;
  readonly path: string;
}

function at(log: LogLocation, offset: number, line?: number): LineLocation {
  return { sessionId: log.sessionId, path: log.path, offset, line };
}

/**
 * Reads a log's end backwards to its last complete batch: how far the committed log goes, the
 * next sequence, and how many torn bytes follow. Reads only the end, whatever the log's size.
 *
 * @throws {RolloutError} `unreadable-record` for a complete line that is not a valid line.
 */
export async function inspectLogTail(
  handle: LogReader,
  size: number,
  log: LogLocation,
): Promise<LogTail> {
  for await (const segment of linesBackward(handle, size)) {
    const tail = tailAtLine(segment, size, log);
    if (tail !== undefined) return tail;
  }
  return { committedEnd: 0, nextSequence: 0, appendedAt: undefined, tornBytes: size };
}

/** The tail of a log of `size` bytes whose last complete batch ends with its header. */
function tailAtHeader(header: HeaderLine, end: number, size: number): LogTail {
  return {
    committedEnd: end,
    nextSequence: header.parent?.sequence ?? 0,
    appendedAt: undefined,
    tornBytes: size - end,
  };
}

/**
 * What one complete line, met reading backwards from the end, says of the log's tail: the tail
 * when it is a batch's last line or the header, `undefined` when the search goes on before it.
 */
function tailAtLine(segment: LogSegment, size: number, log: LogLocation): LogTail | undefined {
  const end = segment.start + segment.bytes.length + 1;
  const parsed = parseLogLine(segment.bytes, at(log, segment.start));
  if ("header" in parsed) return tailAtHeader(parsed.header, end, size);
  if (parsed.record.end !== true) return undefined;
  return {
    committedEnd: end,
    nextSequence: parsed.record.sequence + 1,
    appendedAt: parsed.record.at,
    tornBytes: size - end,
  };
}

/**
 * The header and the tail of a log held whole in `bytes`, with no I/O (what
 * {@link readLogHeader} and {@link inspectLogTail} read from a file); `undefined` when a crash
 * cut the header before its line end.
 *
 * @throws {RolloutError} `unreadable-record` for a complete line that is not a valid line.
 * @throws {RolloutLogMismatchError} when the header names another session.
 */
export function summarizeLogBytes(
  bytes: Buffer,
  log: LogLocation,
): { readonly header: HeaderLine; readonly tail: LogTail } | undefined {
  const headerEnd = bytes.indexOf(lineEnd);
  if (headerEnd === -1) return undefined;
  const header = checkHeader(bytes.subarray(0, headerEnd), log);
  // The complete lines after the header, last first (what follows the last line end is none).
  for (let end = bytes.lastIndexOf(lineEnd); end > headerEnd; ) {
    const start = bytes.lastIndexOf(lineEnd, end - 1) + 1;
    const tail = tailAtLine({ start, bytes: bytes.subarray(start, end) }, bytes.length, log);
    if (tail !== undefined) return { header, tail };
    end = start - 1;
  }
  return { header, tail: tailAtHeader(header, headerEnd + 1, bytes.length) };
}

/**
 * Parses a log's first line (without its line end) as a header naming the session.
 *
 * @throws {RolloutError} `unreadable-record` when it is not a header.
 * @throws {RolloutLogMismatchError} when the header names another session.
 */
function checkHeader(bytes: Buffer, log: LogLocation): HeaderLine {
  const parsed = parseLogLine(bytes, at(log, 0, 1));
  if (!("header" in parsed))
    throw unreadableLineError(at(log, 0, 1), "the first line is not a session header");
  if (parsed.header.id !== log.sessionId)
    throw RolloutLogMismatchError.forLog(log.sessionId, parsed.header.id, log.path);
  return parsed.header;
}

/**
 * Reads the header, the log's first line, and where it ends, and checks that it names the
 * session the log is opened for. `undefined` when a crash cut the header before its line end
 * (the session was never created).
 *
 * @throws {RolloutError} `unreadable-record` when the first line is not a header.
 * @throws {RolloutLogMismatchError} when the header names another session.
 */
export async function readLogHeader(
  handle: LogReader,
  log: LogLocation,
): Promise<{ readonly header: HeaderLine; readonly end: number } | undefined> {
  for await (const segment of linesForward(handle, 0, Number.MAX_SAFE_INTEGER, 4096))
    return { header: checkHeader(segment.bytes, log), end: segment.bytes.length + 1 };
  return undefined;
}

/**
 * The records a resume needs, in one pass backwards from `committedEnd`: from the latest
 * checkpoint below `below` (or, without one, from the first record) up to `below`, each checked
 * to follow the one before it. `fromCheckpoint` says which.
 *
 * @throws {RolloutError} `unreadable-record` for a line that is not a record, or out of order.
 */
export async function readBackToCheckpoint(
  handle: LogReader,
  committedEnd: number,
  below: number,
  log: LogLocation,
): Promise<{ readonly records: RecordLine[]; readonly fromCheckpoint: boolean }> {
  const records: RecordLine[] = [];
  let following: number | undefined;
  for await (const segment of linesBackward(handle, committedEnd)) {
    const location = at(log, segment.start);
    const parsed = parseLogLine(segment.bytes, location);
    if ("header" in parsed) {
      const base = parsed.header.parent?.sequence ?? 0;
      if (following !== undefined && following !== base)
        throw unreadableLineError(location, `the first record is ${following}, not ${base}`);
      break;
    }
    const { record } = parsed;
    if (following !== undefined && record.sequence !== following - 1)
      throw unreadableLineError(
        location,
        `sequence ${record.sequence} where ${following - 1} belongs`,
      );
    following = record.sequence;
    if (record.sequence >= below) continue;
    records.push(record);
    if (record.checkpoint === true) return { records: records.reverse(), fromCheckpoint: true };
  }
  return { records: records.reverse(), fromCheckpoint: false };
}

/**
 * The record line of `sequence`, reading backwards from `committedEnd`; `undefined` when the
 * log has none (it is older than the session's first record).
 */
export async function findRecordLine(
  handle: LogReader,
  committedEnd: number,
  sequence: number,
  log: LogLocation,
): Promise<RecordLine | undefined> {
  for await (const segment of linesBackward(handle, committedEnd)) {
    const parsed = parseLogLine(segment.bytes, at(log, segment.start));
    if ("header" in parsed || parsed.record.sequence < sequence) return undefined;
    if (parsed.record.sequence === sequence) return parsed.record;
  }
  return undefined;
}

/**
 * The records from `start` (a line's start) up to `committedEnd`, stopping before `below`;
 * each must follow the one before it.
 *
 * @throws {RolloutError} `unreadable-record` for a line that is not a record, or out of order.
 */
export async function readRecordLines(
  handle: LogReader,
  start: number,
  committedEnd: number,
  below: number,
  log: LogLocation,
  first: { readonly sequence: number; readonly line: number },
): Promise<RecordLine[]> {
  const records: RecordLine[] = [];
  let line = first.line;
  let previous = first.sequence - 1;
  for await (const segment of linesForward(handle, start, committedEnd)) {
    const location = at(log, segment.start, line);
    const parsed = parseLogLine(segment.bytes, location);
    line += 1;
    if ("header" in parsed) throw unreadableLineError(location, "a second header line");
    if (parsed.record.sequence !== previous + 1)
      throw unreadableLineError(
        location,
        `sequence ${parsed.record.sequence} where ${previous + 1} belongs`,
      );
    previous = parsed.record.sequence;
    if (parsed.record.sequence >= below) break;
    records.push(parsed.record);
  }
  return records;
}
