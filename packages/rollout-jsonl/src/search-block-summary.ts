import { parseLogLine } from "./jsonl-line.js";

/** Bytes of the trigram bitmap of a block: 2^16 bits, 8 KiB. */
export const trigramBitmapBytes = 8192;
/** The most lines of one type a block lists by place; a type with more is only counted. */
export const listedLinesPerType = 64;

/** The most bytes of short lines a block's entry keeps copies of. */
const copiedBytesPerBlock = 4096;
/** The longest line a block's entry keeps a copy of. */
const longestCopiedLine = 512;

/** The lines of one type in a block: how many, and where each is while few enough. */
export interface BlockTypeLines {
  count: number;
  /** Pairs of (offset from the block's start, length without the line end); none past the cap. */
  places: number[] | undefined;
  /**
   * Beside each pair, a copy of the line when it is short (a turn mark, say) and the block's
   * budget for copies lasts, else an empty buffer: a search gives such lines without reading
   * the log.
   */
  copies: Buffer[] | undefined;
}

/**
 * What the search index knows of one block of a log (whole lines, about 1 MiB): where it lies,
 * the sequences of its first and last records, the types of its records with the places of the
 * rare ones, and a bitmap of the ASCII-folded byte trigrams its bytes contain.
 */
export interface BlockSummary {
  readonly start: number;
  readonly end: number;
  readonly firstSequence: number;
  readonly lastSequence: number;
  readonly types: ReadonlyMap<string, BlockTypeLines>;
  readonly trigrams: Uint8Array;
}

const folded = new Uint8Array(256).map((_, byte) =>
  byte >= 0x41 && byte <= 0x5a ? byte + 32 : byte,
);
const lineEnd = 0x0a;
const head = /^\{"sequence":(0|[1-9][0-9]{0,15}),"type":("(?:[^"\\]|\\.)*"),/;

/** The bit of the trigram `a b c` (bytes already folded) in a block's bitmap. */
function trigramBit(a: number, b: number, c: number): number {
  return Math.imul((a << 16) | (b << 8) | c, 0x9e3779b1) >>> 16;
}

/** Sets the bits of every folded trigram of `bytes` in `bitmap`. */
function addTrigrams(bytes: Uint8Array, bitmap: Uint8Array): void {
  if (bytes.length < 3) return;
  let first = folded[bytes[0] ?? 0] ?? 0;
  let second = folded[bytes[1] ?? 0] ?? 0;
  for (let index = 2; index < bytes.length; index += 1) {
    const third = folded[bytes[index] ?? 0] ?? 0;
    const bit = trigramBit(first, second, third);
    bitmap[bit >>> 3] = (bitmap[bit >>> 3] ?? 0) | (1 << (bit & 7));
    first = second;
    second = third;
  }
}

/**
 * Whether a block whose bitmap is `bitmap` may hold `needle` (bytes, matched with ASCII letters
 * folded): `false` only when one of its trigrams is missing. A needle under three bytes may be
 * anywhere.
 */
export function mayHoldBytes(bitmap: Uint8Array, needle: Uint8Array): boolean {
  for (let index = 2; index < needle.length; index += 1) {
    const bit = trigramBit(
      folded[needle[index - 2] ?? 0] ?? 0,
      folded[needle[index - 1] ?? 0] ?? 0,
      folded[needle[index] ?? 0] ?? 0,
    );
    if (((bitmap[bit >>> 3] ?? 0) & (1 << (bit & 7))) === 0) return false;
  }
  return true;
}

/** A line's sequence and type, from its head as this store writes it, else from the whole line. */
function lineHead(line: Buffer, path: string, sessionId: string, offset: number) {
  const match = head.exec(line.toString("latin1", 0, Math.min(line.length, 4096)));
  if (match !== null) {
    const type: unknown = JSON.parse(Buffer.from(match[2] ?? "", "latin1").toString("utf8"));
    if (typeof type === "string") return { sequence: Number(match[1]), type };
  }
  const parsed = parseLogLine(line, { sessionId, path, offset });
  if (!("record" in parsed)) return undefined;
  return { sequence: parsed.record.sequence, type: parsed.record.type };
}

/**
 * The summary of `bytes`, whole lines of a log starting at `start`, each line's sequence
 * following the one before from `firstSequence`; `undefined` when a line is not a record in
 * order (the index then stops before it, and a search reads the rest of the log as it is).
 */
export function summarizeBlock(
  bytes: Buffer,
  start: number,
  firstSequence: number,
  log: { readonly sessionId: string; readonly path: string },
): BlockSummary | undefined {
  const trigrams = new Uint8Array(trigramBitmapBytes);
  addTrigrams(bytes, trigrams);
  const types = new Map<string, BlockTypeLines>();
  let expected = firstSequence;
  let lineStart = 0;
  let copied = 0;
  while (lineStart < bytes.length) {
    const end = bytes.indexOf(lineEnd, lineStart);
    if (end === -1) return undefined;
    let found: { sequence: number; type: string } | undefined;
    try {
      found = lineHead(bytes.subarray(lineStart, end), log.path, log.sessionId, start + lineStart);
    } catch {
      return undefined;
    }
    if (found === undefined || found.sequence !== expected) return undefined;
    expected += 1;
    const lines = types.get(found.type) ?? { count: 0, places: [], copies: [] };
    lines.count += 1;
    if (lines.count > listedLinesPerType) {
      lines.places = undefined;
      lines.copies = undefined;
    } else if (lines.places !== undefined && lines.copies !== undefined) {
      const length = end - lineStart;
      lines.places.push(lineStart, length);
      const copy = length <= longestCopiedLine && copied + length <= copiedBytesPerBlock;
      lines.copies.push(copy ? Buffer.from(bytes.subarray(lineStart, end)) : Buffer.alloc(0));
      if (copy) copied += length;
    }
    types.set(found.type, lines);
    lineStart = end + 1;
  }
  if (expected === firstSequence) return undefined;
  return {
    start,
    end: start + bytes.length,
    firstSequence,
    lastSequence: expected - 1,
    types,
    trigrams,
  };
}
