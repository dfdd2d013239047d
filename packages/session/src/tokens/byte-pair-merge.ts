import type { PackedRanks } from "./packed-ranks.js";

/** A heap key: the pair's rank first, then where it starts, so equal ranks come leftmost first. */
const startsPerRank = 2 ** 31;

/**
 * A function that counts the tokens the first `length` bytes of `bytes` become once merged pair
 * by pair with `ranks`, the pair of lowest rank first and the leftmost of equal ranks first, as
 * tiktoken merges: in time n log n for n bytes, so a piece of thousands of bytes (a run of one
 * letter, a minified line, a long number in base64) costs what its length says. The parts are a
 * linked list over the bytes; the pairs that could merge wait in a binary heap, and a pair that
 * an earlier merge broke up is dropped when it comes up. The arrays are kept for the next call.
 */
export function createBytePairMerge(
  ranks: PackedRanks,
): (bytes: Uint8Array, length: number) => number {
  // For the part that starts at a byte: where it ends (-1 once it is merged into the part
  // before it), and where the part before it starts (-1 for the first).
  let ends = new Int32Array(0);
  let previous = new Int32Array(0);
  // The heap: each pair's key and where the pair ends, side by side.
  let keys = new Float64Array(0);
  let pairEnds = new Int32Array(0);
  let size = 0;

  const push = (key: number, end: number): void => {
    let at = size;
    size += 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const parentKey = keys[parent] as number;
      if (parentKey <= key) break;
      keys[at] = parentKey;
      pairEnds[at] = pairEnds[parent] as number;
      at = parent;
    }
    keys[at] = key;
    pairEnds[at] = end;
  };

  /** Removes the top of the heap (read beforehand from `keys[0]` and `pairEnds[0]`). */
  const pop = (): void => {
    size -= 1;
    const key = keys[size] as number;
    const end = pairEnds[size] as number;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && (keys[child + 1] as number) < (keys[child] as number)) child += 1;
      if ((keys[child] as number) >= key) break;
      keys[at] = keys[child] as number;
      pairEnds[at] = pairEnds[child] as number;
      at = child;
    }
    keys[at] = key;
    pairEnds[at] = end;
  };

  return (bytes, length) => {
    if (ends.length < length) {
      ends = new Int32Array(length);
      previous = new Int32Array(length);
      // Every pair of bytes at first, then at most two new pairs a merge.
      keys = new Float64Array(3 * length);
      pairEnds = new Int32Array(3 * length);
    }
    /** Queues the pair of the parts from `start` to `end`, when it is a token. */
    const offer = (start: number, end: number): void => {
      const rank = ranks.rankOf(bytes, start, end);
      if (rank >= 0) push(rank * startsPerRank + start, end);
    };
    size = 0;
    for (let start = 0; start < length; start += 1) {
      ends[start] = start + 1;
      previous[start] = start - 1;
    }
    for (let start = 0; start + 1 < length; start += 1) offer(start, start + 2);
    let parts = length;
    while (size > 0) {
      const key = keys[0] as number;
      const end = pairEnds[0] as number;
      pop();
      const start = key % startsPerRank;
      const middle = ends[start] as number;
      // Merged away, or its second part is no longer the one from `middle` to `end`.
      if (middle < 0 || middle >= length || ends[middle] !== end) continue;
      ends[start] = end;
      ends[middle] = -1;
      if (end < length) previous[end] = start;
      parts -= 1;
      const before = previous[start] as number;
      if (before >= 0) offer(before, end);
      if (end < length) offer(start, ends[end] as number);
    }
    return parts;
  };
}
