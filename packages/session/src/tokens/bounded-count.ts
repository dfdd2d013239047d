/**
 * The longest stretch handed to a BPE encoder at once. A BPE merge loop is quadratic in the
 * length of one pre-token, and a text without spaces (a minified file, a run of one letter) is
 * one pre-token, so longer texts are counted stretch by stretch.
 */
export const longestStretch = 2_048;

/**
 * Counts `text` with `count` in stretches of at most {@link longestStretch} UTF-16 units, so the
 * time is linear in the text's length. A stretch ends just before a space that follows a
 * non-space and precedes a non-space, where BPE pre-tokenizers split anyway, so ordinary prose
 * and code count exactly as a whole; a stretch with no such space is cut at its end (never
 * inside a surrogate pair), which can miscount by a token at each such cut.
 */
export function boundedCount(text: string, count: (stretch: string) => number): number {
  let total = 0;
  let start = 0;
  while (text.length - start > longestStretch) {
    const end = stretchEnd(text, start);
    total += count(text.slice(start, end));
    start = end;
  }
  return total + count(text.slice(start));
}

/** Where the stretch that begins at `start` ends. */
function stretchEnd(text: string, start: number): number {
  const limit = start + longestStretch;
  for (
    let space = text.lastIndexOf(" ", limit);
    space > start;
    space = text.lastIndexOf(" ", space - 1)
  ) {
    if (isNonSpace(text, space - 1) && isNonSpace(text, space + 1)) return space;
  }
  const low = text.charCodeAt(limit);
  return low >= 0xdc00 && low <= 0xdfff ? limit - 1 : limit;
}

const whiteSpace = /\s/;

function isNonSpace(text: string, index: number): boolean {
  const character = text[index];
  return character !== undefined && !whiteSpace.test(character);
}
