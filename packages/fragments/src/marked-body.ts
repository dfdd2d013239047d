import { trimmedEnd, trimmedStart } from "@ctx/text";
import { check } from "./check-argument.js";
import { marksText } from "./match-marked-text.js";

/**
 * The text between the markers of a marked text — what `body` rendered — once white space outside
 * the markers is trimmed, or `undefined` when `text` does not carry both markers.
 * @throws {FragmentError} when `text`, `start` or `end` is not a string.
 * @example
 * ```ts
 * markedBody("\n<note>\nhi\n</note>\n", "<note>", "</note>"); // "\nhi\n"
 * ```
 */
export function markedBody(text: string, start: string, end: string): string | undefined {
  check.string("text", text);
  check.string("start", start);
  check.string("end", end);
  return bodyBetween(text, start, end);
}

/** {@link markedBody} without the argument checks, for callers that checked them. */
export function bodyBetween(text: string, start: string, end: string): string | undefined {
  if (!marksText(text, start, end)) return undefined;
  const from = trimmedStart(text) + start.length;
  const to = trimmedEnd(text) - end.length;
  return to < from ? undefined : text.slice(from, to);
}
