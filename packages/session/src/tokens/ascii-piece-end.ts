const apostrophe = 0x27;
const space = 0x20;
const slash = 0x2f;
/** Where a piece depends on a character beyond ASCII: only the expression can tell. */
const beyond = -1;

/** The UTF-16 unit at `index` of `text`, or -1 past its end (a small integer, unlike `NaN`). */
const unitAt = (text: string, index: number) => (index < text.length ? text.charCodeAt(index) : -1);
const isBeyondAscii = (unit: number) => unit >= 0x80;
const isUpper = (unit: number) => unit >= 0x41 && unit <= 0x5a;
const isLower = (unit: number) => unit >= 0x61 && unit <= 0x7a;
const isLetter = (unit: number) => isUpper(unit) || isLower(unit);
const isDigit = (unit: number) => unit >= 0x30 && unit <= 0x39;
/** `\s` within ASCII: tab, line feed, vertical tab, form feed, carriage return and space. */
const isSpace = (unit: number) => unit === space || (unit >= 0x09 && unit <= 0x0d);
const isLineBreak = (unit: number) => unit === 0x0a || unit === 0x0d;
/** An ASCII sign: neither a letter, a digit nor a space (and not past the text's end). */
const isSign = (unit: number) =>
  unit >= 0 && unit < 0x80 && !isLetter(unit) && !isDigit(unit) && !isSpace(unit);

/** The contraction ending the word that ends at `end` (`'s`, `'ll`, `'ve`, …): where it ends. */
function contractionEnd(text: string, end: number): number {
  if (unitAt(text, end) !== apostrophe) return end;
  const first = unitAt(text, end + 1) | 0x20;
  // s, d, m, t in either case.
  if (first === 0x73 || first === 0x64 || first === 0x6d || first === 0x74) return end + 2;
  const second = unitAt(text, end + 2) | 0x20;
  // ll, ve, re in either case.
  if (
    (first === 0x6c && second === 0x6c) ||
    (first === 0x76 && second === 0x65) ||
    (first === 0x72 && second === 0x65)
  ) {
    return end + 3;
  }
  return end;
}

/** Where the word that starts with the letter at `start` ends: capitals, small letters, contraction. */
function wordEnd(text: string, start: number): number {
  let end = start;
  while (isUpper(unitAt(text, end))) end += 1;
  while (isLower(unitAt(text, end))) end += 1;
  // A letter beyond ASCII could go on with the word.
  if (isBeyondAscii(unitAt(text, end))) return beyond;
  return contractionEnd(text, end);
}

/**
 * Where the o200k_base piece that starts at `start` of `text` ends, found without the regular
 * expression's cost: the piece {@link o200kPieces} would match there, or -1 when it depends on a
 * character beyond ASCII (a letter that goes on with a word, a sign or a space of another
 * script), for the expression to tell. Within ASCII a word is its capitals then its small
 * letters (with an optional sign or space before it, and a contraction after); up to three
 * digits; a run of signs (with an optional space before it, and the line breaks and slashes
 * after it); spaces up to and with the last line break among them; else the spaces but the last
 * before a non-space.
 */
export function asciiPieceEnd(text: string, start: number): number {
  const first = unitAt(text, start);
  if (isBeyondAscii(first)) return beyond;
  if (isLetter(first)) return wordEnd(text, start);
  if (isDigit(first)) {
    let end = start + 1;
    while (end < start + 3 && isDigit(unitAt(text, end))) end += 1;
    return end < start + 3 && isBeyondAscii(unitAt(text, end)) ? beyond : end;
  }
  const next = unitAt(text, start + 1);
  if (!isLineBreak(first)) {
    // A sign or a space (not a line break) leads a word that follows it.
    if (isLetter(next)) return wordEnd(text, start + 1);
    if (isBeyondAscii(next)) return beyond;
  }
  if (isSign(first) || (first === space && isSign(next))) {
    let end = first === space ? start + 2 : start + 1;
    while (isSign(unitAt(text, end))) end += 1;
    if (isBeyondAscii(unitAt(text, end))) return beyond;
    while (isLineBreak(unitAt(text, end)) || unitAt(text, end) === slash) end += 1;
    return end;
  }
  let end = start;
  let lastBreak = -1;
  while (isSpace(unitAt(text, end))) {
    if (isLineBreak(unitAt(text, end))) lastBreak = end;
    end += 1;
  }
  // A space beyond ASCII could go on with the spaces.
  if (isBeyondAscii(unitAt(text, end))) return beyond;
  if (lastBreak >= 0) return lastBreak + 1;
  if (end === text.length || end - start === 1) return end;
  return end - 1;
}
