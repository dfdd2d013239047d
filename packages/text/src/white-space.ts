// The reference trims with Rust's `str::trim`, so recognising its markers and reproducing its
// AGENTS.md text both need exactly that set of characters, not JavaScript's.
import { check } from "./check-argument.js";
import { checkCodeUnit } from "./check-code-unit.js";

/**
 * Whether a UTF-16 code unit is Unicode `White_Space`, the set Rust's `trim` uses. Unlike
 * JavaScript's `trim`, this includes U+0085 (next line) and excludes U+FEFF (byte order mark).
 * @throws {TextError} when `codeUnit` is not a whole number from 0 to 0xFFFF.
 */
export function isWhiteSpace(codeUnit: number): boolean {
  checkCodeUnit("codeUnit", codeUnit);
  return isWhiteSpaceUnit(codeUnit);
}

function isWhiteSpaceUnit(codeUnit: number): boolean {
  if (codeUnit <= 0x20) return codeUnit === 0x20 || (codeUnit >= 0x09 && codeUnit <= 0x0d);
  if (codeUnit < 0x85) return false;
  return (
    codeUnit === 0x85 ||
    codeUnit === 0xa0 ||
    codeUnit === 0x1680 ||
    (codeUnit >= 0x2000 && codeUnit <= 0x200a) ||
    codeUnit === 0x2028 ||
    codeUnit === 0x2029 ||
    codeUnit === 0x202f ||
    codeUnit === 0x205f ||
    codeUnit === 0x3000
  );
}

/**
 * The index of the first code unit of `text` that is not white space (`text.length` if none).
 * @throws {TextError} when `text` is not a string.
 */
export function trimmedStart(text: string): number {
  check.string("text", text);
  return startOfText(text);
}

function startOfText(text: string): number {
  let index = 0;
  while (index < text.length && isWhiteSpaceUnit(text.charCodeAt(index))) index += 1;
  return index;
}

/**
 * The index just past the last code unit of `text` that is not white space (0 if none).
 * @throws {TextError} when `text` is not a string.
 */
export function trimmedEnd(text: string): number {
  check.string("text", text);
  return endOfText(text);
}

function endOfText(text: string): number {
  let index = text.length;
  while (index > 0 && isWhiteSpaceUnit(text.charCodeAt(index - 1))) index -= 1;
  return index;
}

/**
 * Whether `text` is empty or white space alone.
 * @throws {TextError} when `text` is not a string.
 */
export function isBlank(text: string): boolean {
  return trimmedStart(text) === text.length;
}

/**
 * `text` without leading and trailing Unicode `White_Space`.
 * @throws {TextError} when `text` is not a string.
 * @example
 * ```ts
 * trimWhiteSpace("\u0085 hello\n"); // => "hello"
 * ```
 */
export function trimWhiteSpace(text: string): string {
  check.string("text", text);
  const start = startOfText(text);
  return text.slice(start, Math.max(start, endOfText(text)));
}
