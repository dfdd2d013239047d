import { type HeaderLine, parseLogLine, unreadableLineError } from "./jsonl-line.js";
import { linesForward } from "./log-lines.js";
import { type LogLocation, lineLocation } from "./log-location.js";
import type { LogReader } from "./log-reader.js";
import { RolloutLogMismatchError } from "./rollout-log-mismatch-error.js";

/**
 * Parses a log's first line (without its line end) as a header naming the session.
 *
 * @throws {RolloutError} `unreadable-record` when it is not a header.
 * @throws {RolloutLogMismatchError} when the header names another session.
 */
export function checkHeader(bytes: Buffer, log: LogLocation): HeaderLine {
  const parsed = parseLogLine(bytes, lineLocation(log, 0, 1));
  if (!("header" in parsed))
    throw unreadableLineError(lineLocation(log, 0, 1), "the first line is not a session header");
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
