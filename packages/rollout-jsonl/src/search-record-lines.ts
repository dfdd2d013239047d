import { createRecordMatcher, type RecordSearch } from "@ctx/rollout";
import type { RecordLine } from "./jsonl-line.js";
import { parseLogLine, unreadableLineError } from "./jsonl-line.js";
import { type LogLocation, type LogReader, linesForward } from "./jsonl-log.js";

const sequenceKey = Buffer.from('{"sequence":');
const comma = 0x2c;

/** `text` as its bytes read one by one (latin1), for a test on a line's raw bytes. */
function asRawText(text: string): string {
  return Buffer.from(text, "utf8").toString("latin1");
}

/** `text` as a regular expression that matches it literally. */
function literal(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}

/**
 * The test a line's raw bytes pass before they are parsed: `false` only for a line whose record
 * cannot fit the search (a mark always fits). A text is looked for as `JSON.stringify` writes it inside a string, in
 * the line's bytes, with case ignored (more than ASCII folding, so never fewer lines); a text with
 * a lone surrogate, which a log may hold as part of a pair, is not looked for this way.
 */
function createRawTest(
  search: RecordSearch,
): (line: Buffer, typeStart: number, sequence: number) => boolean {
  const spelled = (type: string) => Buffer.from(`,"type":${JSON.stringify(type)},`);
  const types = search.types.map(spelled);
  const marks = (search.marks ?? []).map(spelled);
  const from = search.from ?? 0;
  const below = search.below ?? Number.POSITIVE_INFINITY;
  const hasType = (line: Buffer, typeStart: number, among: readonly Buffer[]) =>
    among.some(
      (type) => line.compare(type, 0, type.length, typeStart, typeStart + type.length) === 0,
    );
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  const texts = search.texts;
  const pattern =
    texts === undefined || texts.some((text) => lone.test(text))
      ? undefined
      : new RegExp(
          texts.map((text) => literal(asRawText(JSON.stringify(text).slice(1, -1)))).join("|"),
          "i",
        );
  return (line, typeStart, sequence) => {
    if (hasType(line, typeStart, marks)) return true;
    if (sequence < from || sequence >= below || !hasType(line, typeStart, types)) return false;
    return pattern === undefined || pattern.test(line.toString("latin1", typeStart));
  };
}

/** The sequence a line written by this store starts with, and where its type begins. */
function sequenceOf(
  line: Buffer,
): { readonly sequence: number; readonly typeStart: number } | undefined {
  if (line.compare(sequenceKey, 0, sequenceKey.length, 0, sequenceKey.length) !== 0)
    return undefined;
  const end = line.indexOf(comma, sequenceKey.length);
  if (end === -1 || end - sequenceKey.length > 16) return undefined;
  const digits = line.toString("latin1", sequenceKey.length, end);
  if (!/^(0|[1-9][0-9]*)$/.test(digits)) return undefined;
  return { sequence: Number(digits), typeStart: end };
}

/**
 * The records from `start` (a line's start) up to `committedEnd` and below `below` that fit
 * `search`, each line checked to follow the one before it. Only the lines whose raw bytes may
 * fit are parsed; memory holds a chunk of the log and the records found, never the whole log.
 *
 * @throws {RolloutError} `unreadable-record` for a line out of order, or a candidate line that
 * is not a record.
 */
export async function searchRecordLines(
  handle: LogReader,
  range: { readonly start: number; readonly committedEnd: number; readonly below: number },
  log: LogLocation,
  first: number,
  search: RecordSearch,
): Promise<RecordLine[]> {
  const matches = createRecordMatcher(search);
  const rawTest = createRawTest(search);
  const found: RecordLine[] = [];
  let previous = first - 1;
  let line = 2;
  for await (const segment of linesForward(handle, range.start, range.committedEnd)) {
    const location = { sessionId: log.sessionId, path: log.path, offset: segment.start, line };
    line += 1;
    const head = sequenceOf(segment.bytes);
    let record: RecordLine | undefined;
    if (head === undefined) {
      const parsed = parseLogLine(segment.bytes, location);
      if ("header" in parsed) throw unreadableLineError(location, "a second header line");
      record = parsed.record;
    }
    const sequence = record?.sequence ?? head?.sequence ?? -1;
    if (sequence !== previous + 1)
      throw unreadableLineError(location, `sequence ${sequence} where ${previous + 1} belongs`);
    previous = sequence;
    if (sequence >= range.below) break;
    if (record === undefined && head !== undefined) {
      if (!rawTest(segment.bytes, head.typeStart, sequence)) continue;
      const parsed = parseLogLine(segment.bytes, location);
      if ("header" in parsed) throw unreadableLineError(location, "a second header line");
      record = parsed.record;
    }
    if (record !== undefined && matches(record)) found.push(record);
  }
  return found;
}
