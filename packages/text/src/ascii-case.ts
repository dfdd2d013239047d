import { check } from "./check-argument.js";
import { checkCodeUnit } from "./check-code-unit.js";

/**
 * Whether `text`, read from `offset`, spells `expected` with ASCII letters compared without case.
 * Only `A`–`Z` fold to `a`–`z`: no other character is equal to anything but itself, so `İ`, `ſ`
 * and the Kelvin sign never stand in for `i`, `s` or `k`. Reads only `expected.length` code units.
 * @throws {TextError} when `text` or `expected` is not a string, or `offset` is not a whole number ≥ 0.
 * @example
 * ```ts
 * startsWithAsciiCaseInsensitive("<ENVIRONMENT_CONTEXT>", 0, "<environment_context>"); // => true
 * ```
 */
export function startsWithAsciiCaseInsensitive(
  text: string,
  offset: number,
  expected: string,
): boolean {
  check.string("text", text);
  check.string("expected", expected);
  check.count("offset", offset);
  if (offset + expected.length > text.length) return false;
  for (let index = 0; index < expected.length; index += 1) {
    if (foldUnit(text.charCodeAt(offset + index)) !== foldUnit(expected.charCodeAt(index)))
      return false;
  }
  return true;
}

/**
 * A UTF-16 code unit with `A`–`Z` folded to `a`–`z`; every other unit is itself.
 * @throws {TextError} when `codeUnit` is not a whole number from 0 to 0xFFFF.
 */
export function foldAscii(codeUnit: number): number {
  checkCodeUnit("codeUnit", codeUnit);
  return foldUnit(codeUnit);
}

function foldUnit(codeUnit: number): number {
  return codeUnit >= 0x41 && codeUnit <= 0x5a ? codeUnit + 0x20 : codeUnit;
}
