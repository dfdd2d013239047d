import { isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";

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
 * The lines of the file at `path`, read as a stream: each line's text (without its line end, a
 * CRLF's carriage return included) and whether its bytes are damaged, or, for a line of more
 * than `maxLineBytes` bytes, its number and size alone, so memory stays within about `maxLineBytes` for any line length.
 */
export async function* readRolloutLines(
  path: string,
  maxLineBytes: number,
): AsyncGenerator<RolloutLine> {
  for await (const batch of readRolloutLineBatches(path, maxLineBytes)) yield* batch;
}

/**
 * The lines of {@link readRolloutLines}, in batches: those each chunk of the stream ends (at
 * most one chunk's bytes, or one line within `maxLineBytes`), so a reader of many short lines
 * waits once a chunk rather than once a line.
 */
export async function* readRolloutLineBatches(
  path: string,
  maxLineBytes: number,
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
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    const batch: RolloutLine[] = [];
    let start = 0;
    for (let found = chunk.indexOf(newline); found !== -1; found = chunk.indexOf(newline, start)) {
      keep(chunk.subarray(start, found));
      batch.push(end(true));
      start = found + 1;
    }
    keep(chunk.subarray(start));
    if (batch.length > 0) yield batch;
  }
  if (size > 0) yield [end(false)];
}
