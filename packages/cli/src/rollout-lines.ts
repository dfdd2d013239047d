import { isAscii, isUtf8 } from "node:buffer";
import { closeSync, openSync, readSync } from "node:fs";

/** What is wrong with a line's bytes: not UTF-8, or holding zero bytes (a zeroed block of disk). */
export type LineDamage = "not-utf8" | "zeroed";

/**
 * One line of a file: its text (with `damage` when its bytes are damaged, and `unended` for a
 * last line the file ends in without a newline, as a torn write leaves it), or, for a line
 * longer than the limit, only its size.
 */
export type RolloutLine =
  | {
      readonly number: number;
      readonly text: string;
      readonly damage?: LineDamage;
      readonly unended?: true;
    }
  | { readonly number: number; readonly text?: undefined; readonly bytes: number };

const newline = 0x0a;
const carriageReturn = 0x0d;
/**
 * How many bytes are read at a time unless told: a read costs a call into the system, which a
 * larger one spreads. A reader of a file's first lines alone asks for less.
 */
const defaultChunkBytes = 1024 * 1024;

/**
 * The lines of the file at `path`, read `chunkBytes` at a time: each line's text (without its
 * line end, a CRLF's carriage return included) and whether its bytes are damaged, or, for a line
 * of more than `maxLineBytes` bytes, its number and size alone, so memory stays within about
 * `maxLineBytes` and `chunkBytes` for any line length.
 */
export async function* readRolloutLines(
  path: string,
  maxLineBytes: number,
  chunkBytes = defaultChunkBytes,
): AsyncGenerator<RolloutLine> {
  for await (const batch of readRolloutLineBatches(path, maxLineBytes, chunkBytes)) yield* batch;
}

/**
 * The lines of {@link readRolloutLines}, in batches: those each chunk read ends (at most one
 * chunk's bytes, or one line within `maxLineBytes`), so a reader of many short lines waits once
 * a chunk rather than once a line.
 */
export async function* readRolloutLineBatches(
  path: string,
  maxLineBytes: number,
  chunkBytes = defaultChunkBytes,
): AsyncGenerator<RolloutLine[]> {
  let parts: Buffer[] = [];
  let held = 0;
  /** The bytes of the current line, held or not. */
  let size = 0;
  let number = 0;
  const end = (ended: boolean): RolloutLine => {
    number += 1;
    let line: RolloutLine;
    if (size > maxLineBytes) line = { number, bytes: size };
    else {
      // A line within one chunk is read where it lies, without a copy.
      const whole = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, held);
      const damage: LineDamage | undefined = whole.includes(0)
        ? "zeroed"
        : isUtf8(whole)
          ? undefined
          : "not-utf8";
      // A carriage return's byte is never part of another character, so it goes before decoding.
      const bytes = whole.at(-1) === carriageReturn ? whole.subarray(0, -1) : whole;
      const text = bytes.toString("utf8");
      if (damage === undefined) line = ended ? { number, text } : { number, text, unended: true };
      else line = ended ? { number, text, damage } : { number, text, damage, unended: true };
    }
    parts = [];
    held = 0;
    size = 0;
    return line;
  };
  /** A line of ASCII bytes with no zero, from its text (a CRLF's carriage return still on it). */
  const asciiLine = (text: string): RolloutLine => {
    number += 1;
    if (text.length > maxLineBytes) return { number, bytes: text.length };
    return { number, text: text.endsWith("\r") ? text.slice(0, -1) : text };
  };
  const keep = (bytes: Buffer) => {
    size += bytes.length;
    if (size > maxLineBytes) {
      parts = [];
      held = 0;
    } else if (bytes.length > 0) {
      parts.push(bytes);
      held += bytes.length;
    }
  };
  for (const chunk of readChunks(path, chunkBytes)) {
    const batch: RolloutLine[] = [];
    let start = 0;
    const last = chunk.lastIndexOf(newline);
    // A line begun in an earlier chunk ends here first, from its held bytes.
    if (size > 0 && last !== -1) {
      const found = chunk.indexOf(newline);
      keep(chunk.subarray(0, found));
      batch.push(end(true));
      start = found + 1;
    }
    // The lines the chunk holds whole, when their bytes are ASCII and none is zero: decoded in
    // one piece and cut at each newline, which costs a line no buffer of its own. (Decoding other
    // text in one piece would make every line of it a two-byte string, slower to parse.)
    const whole = last < start ? undefined : chunk.subarray(start, last);
    if (whole !== undefined && isAscii(whole) && !whole.includes(0)) {
      for (const text of whole.toString("latin1").split("\n")) batch.push(asciiLine(text));
      start = last + 1;
    }
    for (
      let found = chunk.indexOf(newline, start);
      found !== -1;
      found = chunk.indexOf(newline, start)
    ) {
      keep(chunk.subarray(start, found));
      batch.push(end(true));
      start = found + 1;
    }
    keep(chunk.subarray(start));
    if (batch.length > 0) yield batch;
  }
  if (size > 0) yield [end(false)];
}

/**
 * The bytes of the file at `path`, `chunkBytes` at a time, read while the caller waits: a read
 * stream's 64 KiB chunks left `ctx inspect` idle between them about a twentieth of its time.
 * Each chunk is a buffer of its own, so a line held across chunks stays as it was read.
 */
function* readChunks(path: string, chunkBytes: number): Generator<Buffer> {
  const file = openSync(path, "r");
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(chunkBytes);
      const read = readSync(file, chunk, 0, chunkBytes, null);
      if (read === 0) return;
      yield read === chunkBytes ? chunk : chunk.subarray(0, read);
    }
  } finally {
    closeSync(file);
  }
}
