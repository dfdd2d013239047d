import { startsWithAsciiCaseInsensitive, trimmedStart } from "@ctx/text";
import { check } from "./check-argument.js";

/**
 * The front half of the recognition rule: after skipping leading Unicode white space, `text`
 * begins with `marker`, comparing ASCII letters without case. An empty marker never matches.
 * Developer-role context is recognised by this prefix alone, as in the reference.
 * @throws {FragmentError} when `text` or `marker` is not a string.
 */
export function startsWithMarker(text: string, marker: string): boolean {
  check.string("text", text);
  check.string("marker", marker);
  return markerAtStart(text, marker);
}

/** {@link startsWithMarker} without the argument checks, for callers that checked them. */
export function markerAtStart(text: string, marker: string): boolean {
  return marker !== "" && startsWithAsciiCaseInsensitive(text, trimmedStart(text), marker);
}
