import { check } from "./check-argument.js";

/** A half-open range `[start, end)` of UTF-16 offsets. */
export type TextRange = readonly [start: number, end: number];

const fenceOpen = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const fenceClose = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/**
 * The parts of Markdown text that are code, in order: fenced code blocks (backticks or tildes
 * indented up to three spaces, up to the closing fence or the end of the text, fences included)
 * and inline code spans (a run of backticks up to the next run of the same length, within one
 * paragraph). Indented code blocks and fences nested in list items or quotes are not recognised.
 * One pass over the text: time is linear in its length.
 * @throws {TextError} when `text` is not a string.
 * @example
 * ```ts
 * const text = "Use `@a.md` here.";
 * codeRegions(text).map(([start, end]) => text.slice(start, end)); // => ["`@a.md`"]
 * ```
 */
export function codeRegions(text: string): TextRange[] {
  check.string("text", text);
  const regions: TextRange[] = [];
  let fence: { marker: string; length: number; start: number } | undefined;
  let paragraphStart = 0;
  let offset = 0;
  while (offset < text.length || (offset === 0 && text.length === 0)) {
    const newline = text.indexOf("\n", offset);
    const lineEnd = newline === -1 ? text.length : newline + 1;
    const line = text.slice(offset, newline === -1 ? text.length : newline).replace(/\r$/, "");
    if (fence !== undefined) {
      const close = fenceClose.exec(line);
      const run = close?.[1];
      if (run !== undefined && run[0] === fence.marker && run.length >= fence.length) {
        regions.push([fence.start, lineEnd]);
        fence = undefined;
        paragraphStart = lineEnd;
      }
    } else {
      const open = fenceOpen.exec(line);
      const run = open?.[1];
      const info = open?.[2] ?? "";
      if (run !== undefined && !(run[0] === "`" && info.includes("`"))) {
        addCodeSpans(regions, text, paragraphStart, offset);
        fence = { marker: run[0] ?? "`", length: run.length, start: offset };
      } else if (line.trim() === "") {
        addCodeSpans(regions, text, paragraphStart, offset);
        paragraphStart = lineEnd;
      }
    }
    if (newline === -1) break;
    offset = lineEnd;
  }
  if (fence !== undefined) regions.push([fence.start, text.length]);
  else addCodeSpans(regions, text, paragraphStart, text.length);
  return regions;
}

/**
 * Adds the inline code spans between `start` and `end` to `spans`: each backtick run opens a span that the next
 * run of the same length closes; a run with no such partner is text. Runs are indexed by length
 * once, so finding partners is linear however many unmatched runs there are.
 */
function addCodeSpans(spans: TextRange[], text: string, start: number, end: number): void {
  const runs: { readonly start: number; readonly length: number }[] = [];
  const byLength = new Map<number, number[]>();
  for (let index = text.indexOf("`", start); index !== -1 && index < end; ) {
    const length = runLength(text, index, end);
    const positions = byLength.get(length) ?? [];
    positions.push(runs.length);
    byLength.set(length, positions);
    runs.push({ start: index, length });
    index = text.indexOf("`", index + length);
  }
  const next = new Map<number, number>();
  for (let index = 0; index < runs.length; ) {
    const run = runs[index];
    if (run === undefined) break;
    const positions = byLength.get(run.length) ?? [];
    let pointer = next.get(run.length) ?? 0;
    while (pointer < positions.length && (positions[pointer] ?? 0) <= index) pointer += 1;
    next.set(run.length, pointer);
    const partner = positions[pointer];
    const close = partner === undefined ? undefined : runs[partner];
    if (partner === undefined || close === undefined) {
      index += 1;
      continue;
    }
    spans.push([run.start, close.start + close.length]);
    index = partner + 1;
  }
}

function runLength(text: string, start: number, end: number): number {
  let index = start;
  while (index < end && text[index] === "`") index += 1;
  return index - start;
}
