import { trimmedStart } from "@ctx/text";
import { checkString } from "./check-argument.js";
import { endsWithMarker } from "./ends-with-marker.js";
import { startsWithMarker } from "./starts-with-marker.js";

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
  checkString("text", text);
  checkString("start", start);
  checkString("end", end);
  // The start marker is compared in `text` trimmed at the front only, and the end marker in
  // `text` trimmed at the back, so the two may overlap on a very short text, as in the reference.
  return startsWithMarker(text, start) && endsWithMarker(text, end, trimmedStart(text));
}
