import { startsWithAsciiCaseInsensitive } from "./ascii-case.js";
import { trimmedEnd, trimmedStart } from "./white-space.js";

/**
 * The recognition rule shared by every marked fragment kind: after trimming Unicode white space,
 * `text` starts with `start` and ends with `end`, comparing ASCII letters without case. What lies
 * between is never looked at, so the cost does not depend on the length of `text`. An empty
 * marker never matches: a kind without markers gives up being recognised.
 *
 * @example
 * ```ts
 * matchesMarkedText("  <ENV>\n/repo\n</env>\n", "<env>", "</env>"); // true
 * matchesMarkedText("<env>/repo", "<env>", "</env>"); // false
 * ```
 */
export function matchesMarkedText(text: string, start: string, end: string): boolean {
  if (start === "" || end === "") return false;
  const first = trimmedStart(text);
  const last = trimmedEnd(text);
  // The start marker is compared in `text` trimmed at the front only, and the end marker in
  // `text` trimmed at the back, so the two may overlap on a very short text, as in the reference.
  return (
    startsWithAsciiCaseInsensitive(text, first, start) &&
    last - end.length >= first &&
    startsWithAsciiCaseInsensitive(text, last - end.length, end)
  );
}
