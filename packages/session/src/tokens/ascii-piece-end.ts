/** Where a piece depends on a character beyond ASCII: only the expression can tell. */
const beyond = -1;

// What the pieces tell apart among the bytes of UTF-8, one small integer each, read from a
// table, so a scan makes one comparison a byte rather than a chain of range tests.
/** Past the text's end. */
const past = 0;
const upper = 1;
const lower = 2;
const digit = 3;
/** `\s` within ASCII but a line break: tab, vertical tab, form feed and space. */
const space = 4;
/** Line feed and carriage return. */
const lineBreak = 5;
/** Neither a letter, a digit nor a space. */
const sign = 6;
/** A byte of a character beyond ASCII. */
const beyondAscii = 7;

const classes = Uint8Array.from({ length: 0x100 }, (_, unit) => {
  if (unit >= 0x80) return beyondAscii;
  if (unit >= 0x41 && unit <= 0x5a) return upper;
  if (unit >= 0x61 && unit <= 0x7a) return lower;
  if (unit >= 0x30 && unit <= 0x39) return digit;
  if (unit === 0x0a || unit === 0x0d) return lineBreak;
  if (unit === 0x20 || (unit >= 0x09 && unit <= 0x0c)) return space;
  return sign;
});

const apostrophe = 0x27;
const spaceByte = 0x20;
const slash = 0x2f;

/** The class of the byte at `index` of the first `length` of `bytes`, or `past` beyond them. */
function classAt(bytes: Uint8Array, index: number, length: number): number {
  return index < length ? (classes[bytes[index] as number] as number) : past;
}

/** The byte at `index` in small letters when it is an ASCII letter, or 0 past `length`. */
function foldedAt(bytes: Uint8Array, index: number, length: number): number {
  return index < length ? (bytes[index] as number) | 0x20 : 0;
}

/** The contraction ending the word that ends at `end` (`'s`, `'ll`, `'ve`, …): where it ends. */
function contractionEnd(bytes: Uint8Array, end: number, length: number): number {
  if (end >= length || bytes[end] !== apostrophe) return end;
  const first = foldedAt(bytes, end + 1, length);
  // s, d, m, t in either case.
  if (first === 0x73 || first === 0x64 || first === 0x6d || first === 0x74) return end + 2;
  const second = foldedAt(bytes, end + 2, length);
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
function wordEnd(bytes: Uint8Array, start: number, length: number): number {
  let end = start;
  let next = classAt(bytes, end, length);
  while (next === upper) {
    end += 1;
    next = classAt(bytes, end, length);
  }
  while (next === lower) {
    end += 1;
    next = classAt(bytes, end, length);
  }
  // A letter beyond ASCII could go on with the word.
  if (next === beyondAscii) return beyond;
  return next === sign ? contractionEnd(bytes, end, length) : end;
}

/**
 * Where the o200k_base piece that starts at byte `start` of a text's UTF-8, the first `length`
 * bytes of `bytes`, ends, found without the regular expression's cost: the piece
 * {@link o200kPieces} would match there, or -1 when it depends on a character beyond ASCII (a letter that goes on with a word, a sign or a space of another
 * script), for the expression to tell. Within ASCII a word is its capitals then its small
 * letters (with an optional sign or space before it, and a contraction after); up to three
 * digits; a run of signs (with an optional space before it, and the line breaks and slashes
 * after it); spaces up to and with the last line break among them; else the spaces but the last
 * before a non-space.
 */
export function asciiPieceEnd(bytes: Uint8Array, start: number, length: number): number {
  const first = classAt(bytes, start, length);
  if (first === lower || first === upper) return wordEnd(bytes, start, length);
  if (first === beyondAscii) return beyond;
  if (first === digit) {
    let end = start + 1;
    let next = classAt(bytes, end, length);
    if (next === digit) {
      end += 1;
      next = classAt(bytes, end, length);
      if (next === digit) return end + 1;
    }
    return next === beyondAscii ? beyond : end;
  }
  const next = classAt(bytes, start + 1, length);
  if (first !== lineBreak) {
    // A sign or a space (not a line break) leads a word that follows it.
    if (next === lower || next === upper) return wordEnd(bytes, start + 1, length);
    if (next === beyondAscii) return beyond;
  }
  if (first === sign || (next === sign && bytes[start] === spaceByte)) {
    let end = first === sign ? start + 1 : start + 2;
    let after = classAt(bytes, end, length);
    while (after === sign) {
      end += 1;
      after = classAt(bytes, end, length);
    }
    if (after === beyondAscii) return beyond;
    while (after === lineBreak || (after === sign && bytes[end] === slash)) {
      end += 1;
      after = classAt(bytes, end, length);
    }
    return end;
  }
  let end = start;
  let lastBreak = -1;
  let after = first;
  while (after === space || after === lineBreak) {
    if (after === lineBreak) lastBreak = end;
    end += 1;
    after = classAt(bytes, end, length);
  }
  // A space beyond ASCII could go on with the spaces.
  if (after === beyondAscii) return beyond;
  if (lastBreak >= 0) return lastBreak + 1;
  if (after === past || end - start === 1) return end;
  return end - 1;
}
