/** A half-open range `[start, end)` of UTF-16 offsets. */
export type TextRange = readonly [start: number, end: number];

const fenceOpen = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const fenceClose = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

/**
 * The parts of Markdown text that are code, in order: fenced code blocks (backticks or tildes,
 * up to the closing fence or the end of the text) and inline code spans (a run of backticks up
 * to the next run of the same length, within one paragraph). Indented code blocks are not
 * recognised.
 */
export function codeRegions(text: string): TextRange[] {
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
        regions.push(...codeSpans(text, paragraphStart, offset));
        fence = { marker: run[0] ?? "`", length: run.length, start: offset };
      } else if (line.trim() === "") {
        regions.push(...codeSpans(text, paragraphStart, offset));
        paragraphStart = lineEnd;
      }
    }
    if (newline === -1) break;
    offset = lineEnd;
  }
  if (fence !== undefined) regions.push([fence.start, text.length]);
  else regions.push(...codeSpans(text, paragraphStart, text.length));
  return regions;
}

/** The inline code spans between `start` and `end`. */
function codeSpans(text: string, start: number, end: number): TextRange[] {
  const spans: TextRange[] = [];
  let index = start;
  while (index < end) {
    const open = text.indexOf("`", index);
    if (open === -1 || open >= end) break;
    const length = runLength(text, open, end);
    let search = open + length;
    let close = -1;
    while (search < end) {
      const candidate = text.indexOf("`", search);
      if (candidate === -1 || candidate >= end) break;
      const candidateLength = runLength(text, candidate, end);
      if (candidateLength === length) {
        close = candidate;
        break;
      }
      search = candidate + candidateLength;
    }
    if (close === -1) {
      index = open + length;
    } else {
      spans.push([open, close + length]);
      index = close + length;
    }
  }
  return spans;
}

function runLength(text: string, start: number, end: number): number {
  let index = start;
  while (index < end && text[index] === "`") index += 1;
  return index - start;
}
