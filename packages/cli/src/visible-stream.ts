import type { CliEnvironment, OutputStream } from "./terminal.js";
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

/**
 * `environment` with both streams guarded by {@link createVisibleStream}: on a terminal, only the
 * colours `ctx` paints (and its progress line, on standard error) get through as escape codes.
 */
export function createVisibleEnvironment(environment: CliEnvironment): CliEnvironment {
  const colour = (environment.env.NO_COLOR ?? "") === "";
  const { stdout, stderr } = environment;
  return {
    ...environment,
    stdout: createVisibleStream(stdout, stdout.isTTY === true && colour ? "colour" : "none"),
    stderr: createVisibleStream(
      stderr,
      stderr.isTTY === true ? (colour ? "colour-and-progress" : "progress") : "none",
    ),
  };
}
