/**
 * Whether `text`, read from `offset`, spells `expected` with ASCII letters compared without case.
 * Only `A`–`Z` fold to `a`–`z`: no other character is equal to anything but itself, so `İ`, `ſ`
 * and the Kelvin sign never stand in for `i`, `s` or `k`. Reads only `expected.length` code units.
 */
export function startsWithAsciiCaseInsensitive(
  text: string,
  offset: number,
  expected: string,
): boolean {
  if (offset < 0 || offset + expected.length > text.length) return false;
  for (let index = 0; index < expected.length; index += 1) {
    if (foldAscii(text.charCodeAt(offset + index)) !== foldAscii(expected.charCodeAt(index)))
      return false;
  }
  return true;
}

/** A UTF-16 code unit with `A`–`Z` folded to `a`–`z`; every other unit is itself. */
export function foldAscii(codeUnit: number): number {
  return codeUnit >= 0x41 && codeUnit <= 0x5a ? codeUnit + 0x20 : codeUnit;
}
