import { check } from "./check-argument.js";
import { widthAt, widthBefore } from "./code-point-width.js";

/**
 * The end (a UTF-16 index) of the longest prefix of `text` whose UTF-8 encoding fits in
 * `maxBytes`, never splitting a code point. Reads only as far as the prefix reaches.
 * @throws {TextError} when `text` is not a string or `maxBytes` is not a whole number ≥ 0.
 * @example
 * ```ts
 * utf8PrefixEnd("héllo", 2); // => 1
 * ```
 */
export function utf8PrefixEnd(text: string, maxBytes: number): number {
  check.string("text", text);
  check.count("maxBytes", maxBytes);
  return prefixEnd(text, maxBytes);
}

/** {@link utf8PrefixEnd} without the argument checks, for callers that checked them. */
export function prefixEnd(text: string, maxBytes: number): number {
  let used = 0;
  let index = 0;
  while (index < text.length) {
    const width = widthAt(text, index);
    if (used + width.bytes > maxBytes) break;
    used += width.bytes;
    index += width.units;
  }
  return index;
}

/**
 * The start (a UTF-16 index) of the longest suffix of `text` whose UTF-8 encoding fits in
 * `maxBytes`, never splitting a code point. Reads only as far back as the suffix reaches.
 * @throws {TextError} when `text` is not a string or `maxBytes` is not a whole number ≥ 0.
 */
export function utf8SuffixStart(text: string, maxBytes: number): number {
  check.string("text", text);
  check.count("maxBytes", maxBytes);
  return suffixStart(text, maxBytes);
}

/** {@link utf8SuffixStart} without the argument checks, for callers that checked them. */
export function suffixStart(text: string, maxBytes: number): number {
  let used = 0;
  let index = text.length;
  while (index > 0) {
    const width = widthBefore(text, index);
    if (used + width.bytes > maxBytes) break;
    used += width.bytes;
    index -= width.units;
  }
  return index;
}
