import { parseLogLine, type RecordLine, unreadableLineError } from "./jsonl-line.js";
import { linesBackward, linesForward } from "./log-lines.js";
import { type LogLocation, lineLocation } from "./log-location.js";
import type { LogReader } from "./log-reader.js";

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
    const location = lineLocation(log, segment.start);
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
    const parsed = parseLogLine(segment.bytes, lineLocation(log, segment.start));
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
    const location = lineLocation(log, segment.start, line);
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
