/**
 * The longest stretch handed to a BPE encoder at once. A BPE merge loop is quadratic in the
 * length of one pre-token, and a text without spaces (a minified file, a run of one letter) is
 * one pre-token, so longer texts are counted stretch by stretch.
 */
export const longestStretch = 2_048;

/**
 * How many UTF-16 units of a text are counted exactly (about 30,000 tokens of English prose,
 * about twice the longest text in the recorded Codex rollouts). A longer text's remainder is estimated.
 */
export const exactLength = 131_072;

/** How many stretches, spread evenly across a long text's remainder, its estimate counts. */
export const sampleCount = 32;

/**
 * Counts `text` with `count` in stretches of at most {@link longestStretch} UTF-16 units, so the
 * time is linear in the text's length. A stretch ends just before a space that follows a
 * non-space and precedes a non-space, where BPE pre-tokenizers split anyway, so ordinary prose
 * and code count exactly as a whole; a stretch with no such space is cut at its end (never
 * inside a surrogate pair), which can miscount by a token at each such cut.
 *
 * A text longer than {@link exactLength} plus {@link sampleCount} stretches is counted exactly up
 * to {@link exactLength} only; the rest is estimated from {@link sampleCount} stretches spread
 * evenly across it, at their tokens per unit, so counting a text of any size hands the encoder
 * at most about 200,000 units.
 */
export function boundedCount(text: string, count: (stretch: string) => number): number {
  const estimating = text.length > exactLength + sampleCount * longestStretch;
  let total = 0;
  let start = 0;
  while (text.length - start > longestStretch && !(estimating && start >= exactLength)) {
    const end = stretchEnd(text, start);
    total += count(text.slice(start, end));
    start = end;
  }
  return total + (estimating ? estimateRest(text, start, count) : count(text.slice(start)));
}

/** The estimated count of `text` from `start` on, from stretches spread evenly across it. */
function estimateRest(text: string, start: number, count: (stretch: string) => number): number {
  const rest = text.length - start;
  let tokens = 0;
  let units = 0;
  for (let sample = 0; sample < sampleCount; sample += 1) {
    const sampleStart = unitStart(text, start + Math.floor((sample * rest) / sampleCount));
    const sampleEnd = stretchEnd(text, sampleStart);
    tokens += count(text.slice(sampleStart, sampleEnd));
    units += sampleEnd - sampleStart;
  }
  return Math.round((tokens * rest) / units);
}

/** Where the stretch that begins at `start` ends. */
function stretchEnd(text: string, start: number): number {
  const limit = start + longestStretch;
  for (let space = limit; space > start; space -= 1) {
    if (
      text.charCodeAt(space) === 0x20 &&
      isNonSpace(text, space - 1) &&
      isNonSpace(text, space + 1)
    ) {
      return space;
    }
  }
  return unitStart(text, limit);
}

/** `index`, or the one before it when `index` falls inside a surrogate pair. */
function unitStart(text: string, index: number): number {
  const low = text.charCodeAt(index);
  return low >= 0xdc00 && low <= 0xdfff ? index - 1 : index;
}

const whiteSpace = /\s/;

function isNonSpace(text: string, index: number): boolean {
  const character = text[index];
  return character !== undefined && !whiteSpace.test(character);
}
