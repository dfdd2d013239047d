import { check } from "./check-argument.js";
import { TextError } from "./text-error.js";

/**
 * Orders two strings by Unicode code point, which is the byte order of their UTF-8 encodings
 * (Rust's string order): the same on every platform and in every locale, unlike `localeCompare`,
 * and unlike JavaScript's default sort once characters beyond U+FFFF appear.
 * @throws {TextError} when either argument is not a string.
 * @example
 * ```ts
 * ["\u{1F600}", "\uFF5E"].sort(compareCodePoints); // => ["\uFF5E", "\u{1F600}"]
 * ```
 */
export function compareCodePoints(left: string, right: string): number {
  check.string("left", left);
  check.string("right", right);
  return codePointOrder(left, right);
}

function codePointOrder(left: string, right: string): number {
  let leftIndex = 0;
  let rightIndex = 0;
  while (leftIndex < left.length && rightIndex < right.length) {
    const leftPoint = left.codePointAt(leftIndex) ?? 0;
    const rightPoint = right.codePointAt(rightIndex) ?? 0;
    if (leftPoint !== rightPoint) return leftPoint - rightPoint;
    leftIndex += leftPoint > 0xffff ? 2 : 1;
    rightIndex += rightPoint > 0xffff ? 2 : 1;
  }
  return left.length - leftIndex - (right.length - rightIndex);
}

/**
 * `values` without repeats, in code-point order.
 * @throws {TextError} when `values` is not an array of strings.
 */
export function sortedUnique(values: readonly string[]): string[] {
  if (!Array.isArray(values) || !values.every((value) => typeof value === "string")) {
    throw TextError.forArgument("values", "expected an array of strings");
  }
  return [...new Set(values)].sort(codePointOrder);
}
