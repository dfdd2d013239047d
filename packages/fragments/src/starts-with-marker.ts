import { startsWithAsciiCaseInsensitive, trimmedStart } from "@ctx/text";

/**
 * The front half of the recognition rule: after skipping leading Unicode white space, `text`
 * begins with `marker`, comparing ASCII letters without case. An empty marker never matches.
 * Developer-role context is recognised by this prefix alone, as in the reference.
 */
export function startsWithMarker(text: string, marker: string): boolean {
  return marker !== "" && startsWithAsciiCaseInsensitive(text, trimmedStart(text), marker);
}
