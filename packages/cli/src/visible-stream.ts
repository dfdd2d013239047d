import type { OutputStream } from "./terminal.js";
import { escapeControl } from "./visible-text.js";

/**
 * The escape sequences `ctx` itself draws with: the colours of `createPaint` and, on standard
 * error, the line `createProgress` redraws.
 */
export type OwnSequences = "none" | "colour" | "progress" | "colour-and-progress";

const colour = "\\u001b\\[(?:1|2|22|31|32|33|36|39)m|";
const progress = "\\r\\u001b\\[2K|";
const own: Readonly<Record<OwnSequences, string>> = {
  none: "",
  colour,
  progress,
  "colour-and-progress": `${colour}${progress}`,
};

/**
 * `stream` with every control character of what is written to it escaped but newlines, tabs and
 * the `allowed` sequences `ctx` draws with itself: the last guard between a file's text and the
 * terminal, whatever command printed it. JSON keeps its value (the escapes are JSON's).
 */
export function createVisibleStream(stream: OutputStream, allowed: OwnSequences): OutputStream {
  const unsafe = new RegExp(`${own[allowed]}[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]`, "g");
  const shown = (match: string) => (match.length === 1 ? escapeControl(match) : match);
  return {
    write: (text) => stream.write(text.replace(unsafe, shown)),
    ...(stream.isTTY === undefined ? {} : { isTTY: stream.isTTY }),
    ...(stream.once === undefined ? {} : { once: stream.once.bind(stream) }),
  };
}
