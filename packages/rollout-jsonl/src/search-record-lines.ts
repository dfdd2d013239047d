import { readSync } from "node:fs";
import { createRecordMatcher, type RecordSearch } from "@ctx/rollout";
import type { RecordLine } from "./jsonl-line.js";
import { parseLogLine, unreadableLineError } from "./jsonl-line.js";
import { linesForward } from "./log-lines.js";
import type { LogLocation } from "./log-location.js";
import type { LogReader } from "./log-reader.js";
import { createBlockPlan, type LinePlace } from "./search-block-plan.js";
import type { IndexedBlock } from "./search-index-file.js";

const sequenceKey = Buffer.from('{"sequence":');
const comma = 0x2c;

/** The test of a line's raw bytes, from where its type begins, and its sequence. */
type RawTest = (line: Buffer, typeStart: number, sequence: number) => boolean;

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
function createRawTest(search: RecordSearch): RawTest {
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

/** What one pass over whole lines reads: from `start` to `end`, the first line's sequence `first`. */
interface LineSpan {
  readonly start: number;
  readonly end: number;
  readonly first: number;
  /** The first line's number in the log, when known (it is not past a block skipped). */
  readonly line: number | undefined;
}

/**
 * Pushes onto `found` the records of the lines of `span` below `below` that `rawTest` and
 * `matches` accept, each line checked to follow the one before it.
 */
async function scanLines(
  handle: LogReader,
  span: LineSpan,
  below: number,
  log: LogLocation,
  tests: { readonly rawTest: RawTest; readonly matches: (record: RecordLine) => boolean },
  found: RecordLine[],
): Promise<void> {
  let previous = span.first - 1;
  let line = span.line;
  for await (const segment of linesForward(handle, span.start, span.end)) {
    const location = { sessionId: log.sessionId, path: log.path, offset: segment.start, line };
    if (line !== undefined) line += 1;
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
    if (sequence >= below) break;
    if (record === undefined && head !== undefined) {
      if (!tests.rawTest(segment.bytes, head.typeStart, sequence)) continue;
      const parsed = parseLogLine(segment.bytes, location);
      if ("header" in parsed) throw unreadableLineError(location, "a second header line");
      record = parsed.record;
    }
    if (record !== undefined && tests.matches(record)) found.push(record);
  }
}

/**
 * The records at `places` of `block` whose raw bytes pass `rawTest`, each line read alone
 * (or taken from the index's copy); `undefined` when one is not a whole line holding a record of
 * the block (the index then misled, and the block is read whole instead).
 */
function readPlaces(
  descriptor: number,
  block: IndexedBlock,
  places: readonly LinePlace[],
  log: LogLocation,
  rawTest: RawTest,
): RecordLine[] | undefined {
  const records: RecordLine[] = [];
  for (const { offset, length, copy } of places) {
    let bytes = copy;
    if (bytes === undefined) {
      const read = Buffer.allocUnsafe(length + 1);
      if (readSync(descriptor, read, 0, read.length, offset) !== read.length) return undefined;
      if (read[length] !== 0x0a) return undefined;
      bytes = read.subarray(0, length);
    }
    const head = sequenceOf(bytes);
    if (head !== undefined) {
      if (head.sequence < block.firstSequence || head.sequence > block.lastSequence)
        return undefined;
      if (!rawTest(bytes, head.typeStart, head.sequence)) continue;
    }
    let parsed: ReturnType<typeof parseLogLine>;
    try {
      parsed = parseLogLine(bytes, { sessionId: log.sessionId, path: log.path, offset });
    } catch {
      return undefined;
    }
    if (!("record" in parsed)) return undefined;
    const { sequence } = parsed.record;
    if (sequence < block.firstSequence || sequence > block.lastSequence) return undefined;
    records.push(parsed.record);
  }
  return records;
}

/**
 * The records from `start` (a line's start) up to `committedEnd` and below `below` that fit
 * `search`, each line read checked to follow the one before it. The blocks of the log's search
 * index (which `loadSearchIndex` checked against the log) say which parts may hold a
 * match: the others are skipped, or only their lines of the types asked read; past them every line is read. Only
 * the lines whose raw bytes may fit are parsed; memory holds a chunk of the log and the records
 * found, never the whole log.
 *
 * @throws {RolloutError} `unreadable-record` for a line out of order, or a candidate line that
 * is not a record.
 */
export async function searchRecordLines(
  handle: LogReader & { readonly fd: number },
  range: { readonly start: number; readonly committedEnd: number; readonly below: number },
  log: LogLocation,
  first: number,
  search: RecordSearch,
  blocks: readonly IndexedBlock[] = [],
): Promise<RecordLine[]> {
  const tests = { rawTest: createRawTest(search), matches: createRecordMatcher(search) };
  const plan = createBlockPlan(search, range.below);
  const found: RecordLine[] = [];
  let span: LineSpan = { start: range.start, end: range.committedEnd, first, line: 2 };
  for (const block of blocks) {
    if (block.firstSequence >= range.below) return found;
    const reading = plan(block);
    const whole = {
      start: block.start,
      end: block.end,
      first: block.firstSequence,
      line: span.line,
    };
    const lines =
      typeof reading === "string"
        ? undefined
        : readPlaces(handle.fd, block, reading, log, tests.rawTest);
    if (reading === "scan" || (reading !== "skip" && lines === undefined))
      await scanLines(handle, whole, range.below, log, tests, found);
    else if (lines !== undefined)
      found.push(
        ...lines.filter((record) => record.sequence < range.below && tests.matches(record)),
      );
    span = {
      start: block.end,
      end: range.committedEnd,
      first: block.lastSequence + 1,
      line: undefined,
    };
  }
  await scanLines(handle, span, range.below, log, tests, found);
  return found;
}
