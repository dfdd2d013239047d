import { trimmedStart } from "@ctx/text";
import { check } from "./check-argument.js";
import { markerAtEnd } from "./ends-with-marker.js";
import { markerAtStart } from "./starts-with-marker.js";

/**
 * The recognition rule shared by every marked fragment kind: after trimming Unicode white space,
 * `text` starts with `start` and ends with `end`, comparing ASCII letters without case. What lies
 * between is never looked at, so the cost does not depend on the length of `text`. An empty
 * marker never matches: a kind without markers gives up being recognised.
 * @throws {FragmentError} when `text`, `start` or `end` is not a string.
 *
 * @example
 * ```ts
 * matchesMarkedText("  <ENV>\n/repo\n</env>\n", "<env>", "</env>"); // true
 * matchesMarkedText("<env>/repo", "<env>", "</env>"); // false
 * ```
 */
export function matchesMarkedText(text: string, start: string, end: string): boolean {
  check.string("text", text);
  check.string("start", start);
  check.string("end", end);
  return marksText(text, start, end);
}

/** {@link matchesMarkedText} without the argument checks, for callers that checked them. */
export function marksText(text: string, start: string, end: string): boolean {
  // The start marker is compared in `text` trimmed at the front only, and the end marker in
  // `text` trimmed at the back, so the two may overlap on a very short text, as in the reference.
  return markerAtStart(text, start) && markerAtEnd(text, end, trimmedStart(text));
}
