/**
 * Whether a UTF-16 code unit is Unicode `White_Space`, the set Rust's `str::trim` uses: unlike
 * JavaScript's `trim`, it includes U+0085 (next line) and excludes U+FEFF (byte order mark).
 */
export function isWhiteSpace(codeUnit: number): boolean {
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

/** Whether `text` is empty or white space alone (the rule that skips a project file). */
export function isBlank(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (!isWhiteSpace(text.charCodeAt(index))) return false;
  }
  return true;
}

/** `text` without leading and trailing Unicode `White_Space` (how the global file is trimmed). */
export function trimWhiteSpace(text: string): string {
  let start = 0;
  while (start < text.length && isWhiteSpace(text.charCodeAt(start))) start += 1;
  let end = text.length;
  while (end > start && isWhiteSpace(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(start, end);
}
