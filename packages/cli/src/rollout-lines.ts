import { createReadStream } from "node:fs";

/** One line of a file: its text, or, for a line longer than the limit, only its size. */
export type RolloutLine =
  | { readonly number: number; readonly text: string }
  | { readonly number: number; readonly text?: undefined; readonly bytes: number };

const newline = 0x0a;

/**
 * The lines of the file at `path`, read as a stream: each line's text (without its line end, a
 * CRLF's carriage return included), or, for a line of more than `maxLineBytes` bytes, its number
 * and size alone, so memory stays within about `maxLineBytes` for any line length.
 */
export async function* readRolloutLines(
  path: string,
  maxLineBytes: number,
): AsyncGenerator<RolloutLine> {
  let parts: Buffer[] = [];
  let held = 0;
  /** The bytes of the current line, held or not. */
  let size = 0;
  let number = 0;
  const end = (): RolloutLine => {
    number += 1;
    const line: RolloutLine =
      size > maxLineBytes
        ? { number, bytes: size }
        : { number, text: Buffer.concat(parts, held).toString("utf8").replace(/\r$/, "") };
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
    let start = 0;
    for (let found = chunk.indexOf(newline); found !== -1; found = chunk.indexOf(newline, start)) {
      keep(chunk.subarray(start, found));
      yield end();
      start = found + 1;
    }
    keep(chunk.subarray(start));
  }
  if (size > 0) yield end();
}
