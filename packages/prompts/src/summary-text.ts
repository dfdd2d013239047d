import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { checkSchema } from "./check-argument.js";
import { bundledTexts } from "./data/bundled-texts.js";

const textSchema = lazySchema(() => z.string());

/**
 * The paragraph that opens every summary a session puts in history after compaction. It tells
 * the next model that an earlier model worked on the task and left the summary that follows,
 * that the effects of that work are still in place, and that it should build on them rather
 * than redo them. It has no trailing newline; {@link formatSummaryText} adds one. Its wording
 * is stable across versions, because earlier summaries are recognised by it.
 */
export const summaryPrefix: string = bundledTexts.compaction.summaryPrefix;

const prefixLine = `${summaryPrefix}\n`;

/**
 * The history text of a summary: {@link summaryPrefix}, a newline, then the summary. A summary
 * that is empty or only white space is replaced by a short note saying none was left.
 *
 * @throws {PromptsError} when `summary` is not a string.
 * @example
 * ```ts
 * isSummaryText(formatSummaryText("Goal: fix the parser.")); // => true
 * ```
 */
export function formatSummaryText(summary: string): string {
  checkSchema("summary", summary, textSchema);
  return `${prefixLine}${summary.trim() === "" ? bundledTexts.compaction.emptySummary : summary}`;
}

/**
 * Whether `text` is a summary written by {@link formatSummaryText}: it starts with
 * {@link summaryPrefix} and a newline, exactly. Compaction uses it to leave earlier summaries
 * out of the user messages it keeps.
 *
 * @throws {PromptsError} when `text` is not a string.
 * @example
 * ```ts
 * isSummaryText("Goal: fix the parser."); // => false
 * ```
 */
export function isSummaryText(text: string): boolean {
  checkSchema("text", text, textSchema);
  return text.startsWith(prefixLine);
}

/**
 * The summary inside a text written by {@link formatSummaryText}, or `undefined` when `text`
 * is not one.
 *
 * @throws {PromptsError} when `text` is not a string.
 * @example
 * ```ts
 * parseSummaryText(formatSummaryText("Goal: fix the parser.")); // => "Goal: fix the parser."
 * ```
 */
export function parseSummaryText(text: string): string | undefined {
  return isSummaryText(text) ? text.slice(prefixLine.length) : undefined;
}
