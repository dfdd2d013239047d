import { codeRegions } from "@ctx/text";
import { check } from "./check-argument.js";

/** One `@path` reference in Markdown text. */
export interface ImportReference {
  /** The UTF-16 offset of the `@`. */
  readonly start: number;
  /** The UTF-16 offset just past the reference. */
  readonly end: number;
  /** The path as written, without the `@`. */
  readonly reference: string;
}

const candidate = /(?<=^|[\s([{"'<])@(\S+)/g;
const trailingPunctuation = /[.,;:!?)\]}'"]+$/;

/**
 * The `@path` references in Markdown text, in order. A reference is an `@` at the start of the
 * text, after white space or after an opening bracket or quote, followed by a path that contains a `/` or a `.` (so `@alice` and
 * `user@example.com` are not references); sentence punctuation at its end is not part of it.
 * References inside fenced code blocks and inline code spans are ignored.
 * @throws {AgentsMdError} `invalid-argument` when `text` is not a string.
 */
export function findImportReferences(text: string): ImportReference[] {
  check.string("text", text);
  if (!text.includes("@")) return [];
  const regions = codeRegions(text);
  const references: ImportReference[] = [];
  let regionIndex = 0;
  for (const match of text.matchAll(candidate)) {
    const start = match.index;
    const raw = match[1] ?? "";
    while (regionIndex < regions.length && (regions[regionIndex]?.[1] ?? 0) <= start)
      regionIndex += 1;
    const region = regions[regionIndex];
    if (region !== undefined && region[0] <= start) continue;
    const reference = raw.replace(trailingPunctuation, "");
    if (!reference.includes("/") && !reference.includes(".")) continue;
    references.push({ start, end: start + 1 + reference.length, reference });
  }
  return references;
}
