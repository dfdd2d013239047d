import type { Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { checkString } from "./check-argument.js";

/** A half-open range `[start, end)` of UTF-16 offsets. */
export type TextRange = readonly [start: number, end: number];

/**
 * The parts of Markdown text that are code, in order, as CommonMark reads it: fenced and
 * indented code blocks (a fence that is never closed runs to the end of its container) and
 * inline code spans. Parsed with `mdast-util-from-markdown`; time is linear in the text.
 * @throws {TextError} when `markdown` is not a string.
 * @example
 * ```ts
 * const text = "Use `@a.md` here.";
 * codeRegions(text).map(([start, end]) => text.slice(start, end)); // => ["`@a.md`"]
 * ```
 */
export function codeRegions(markdown: string): TextRange[] {
  checkString("markdown", markdown);
  const regions: TextRange[] = [];
  collect(fromMarkdown(markdown), regions);
  return regions;
}

function collect(node: Nodes, regions: TextRange[]): void {
  if (node.type === "code" || node.type === "inlineCode") {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined) regions.push([start, end]);
    return;
  }
  if ("children" in node) for (const child of node.children) collect(child, regions);
}
