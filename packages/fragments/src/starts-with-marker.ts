import { startsWithAsciiCaseInsensitive, trimmedStart } from "@ctx/text";
import { checkString } from "./check-argument.js";

/**
 * The front half of the recognition rule: after skipping leading Unicode white space, `text`
 * begins with `marker`, comparing ASCII letters without case. An empty marker never matches.
 * Developer-role context is recognised by this prefix alone, as in the reference.
 * @throws {FragmentError} when `text` or `marker` is not a string.
 */
export function startsWithMarker(text: string, marker: string): boolean {
  checkString("text", text);
  checkString("marker", marker);
  return marker !== "" && startsWithAsciiCaseInsensitive(text, trimmedStart(text), marker);
}
