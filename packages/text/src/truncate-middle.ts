import { check } from "./check-argument.js";
import { countUtf8Bytes } from "./utf8-byte-length.js";
import { prefixEnd, suffixStart } from "./utf8-cut.js";

/** Bytes per token in the reference's estimate (`ceil(bytes / 4)`). */
const bytesPerToken = 4;

/** The result of {@link truncateMiddle}. */
export interface TruncatedText {
  readonly text: string;
  /** How many estimated tokens were cut out of the middle; 0 when the text fit. */
  readonly truncatedTokens: number;
}

/**
 * Keeps the start and the end of `text` within `maxTokens` tokens (4 bytes each) and puts
 * `…{N} tokens truncated…` where the middle was, as the reference does. Text that fits is
 * returned unchanged. Cuts fall on code-point boundaries; time is linear in the text and extra
 * memory is the size of the result.
 * @throws {TextError} when `text` is not a string or `maxTokens` is not a whole number ≥ 0.
 * @example
 * ```ts
 * truncateMiddle("abcdefghijklmnop", 2).text; // => "abcd…2 tokens truncated…mnop"
 * ```
 */
export function truncateMiddle(text: string, maxTokens: number): TruncatedText {
  check.string("text", text);
  check.count("maxTokens", maxTokens);
  const budget = maxTokens * bytesPerToken;
  const bytes = countUtf8Bytes(text);
  if (bytes <= budget) return { text, truncatedTokens: 0 };
  const headBudget = Math.floor(budget / 2);
  const headEnd = prefixEnd(text, headBudget);
  const tailStart = suffixStart(text, budget - headBudget);
  const head = text.slice(0, headEnd);
  const tail = text.slice(tailStart);
  const truncatedTokens = Math.ceil(
    (bytes - countUtf8Bytes(head) - countUtf8Bytes(tail)) / bytesPerToken,
  );
  return { text: `${head}…${truncatedTokens} tokens truncated…${tail}`, truncatedTokens };
}
