import { type HeaderLine, parseLogLine } from "./jsonl-line.js";
import { checkHeader } from "./log-header.js";
import { type LogSegment, lineEnd, linesBackward } from "./log-lines.js";
import { type LogLocation, lineLocation } from "./log-location.js";
import type { LogReader } from "./log-reader.js";

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
  const parsed = parseLogLine(segment.bytes, lineLocation(log, segment.start));
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
