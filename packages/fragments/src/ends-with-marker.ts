import { startsWithAsciiCaseInsensitive, trimmedEnd } from "@ctx/text";
import { check } from "./check-argument.js";

/**
 * The back half of the recognition rule: after trimming trailing Unicode white space, `text` ends
 * with `marker`, comparing ASCII letters without case, and the marker begins at index `from` or
 * later (a custom recogniser passes the end of what it has already read). Reads only the marker's
 * length of text. An empty marker never matches.
 * @throws {FragmentError} when `text` or `marker` is not a string, or `from` not a whole number ≥ 0.
 */
export function endsWithMarker(text: string, marker: string, from = 0): boolean {
  check.string("text", text);
  check.string("marker", marker);
  check.count("from", from);
  return markerAtEnd(text, marker, from);
}

/** {@link endsWithMarker} without the argument checks, for callers that checked them. */
export function markerAtEnd(text: string, marker: string, from: number): boolean {
  if (marker === "") return false;
  const start = trimmedEnd(text) - marker.length;
  return start >= from && startsWithAsciiCaseInsensitive(text, start, marker);
}
