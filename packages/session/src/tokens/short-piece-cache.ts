/** A direct-mapped table of the token counts of short pieces, keyed by their bytes. */
export interface ShortPieceCache {
  /**
   * The count kept for the bytes of `bytes` from `start` to `end` (at most
   * {@link shortPieceLength} of them), or -1 when none is kept.
   */
  find(bytes: Uint8Array, start: number, end: number): number;
  /** Keeps `count` for the bytes {@link ShortPieceCache.find} last missed, in place of any other. */
  keep(count: number): void;
}

/** The longest piece a {@link ShortPieceCache} holds, in bytes: two 32-bit words of them. */
export const shortPieceLength = 8;

/**
 * A table of the counts of `2 ** bits` pieces of up to {@link shortPieceLength} bytes, each held
 * as its bytes packed into two 32-bit words and its length, so a piece is told by three integer
 * comparisons, with no hash of its bytes and no probe of the rank table (megabytes, beyond the
 * processor's nearest caches): about `13 × 2 ** bits` bytes. A piece whose slot another holds
 * replaces it.
 */
export function createShortPieceCache(bits: number): ShortPieceCache {
  const size = 2 ** bits;
  const shift = 32 - bits;
  const lows = new Int32Array(size);
  const highs = new Int32Array(size);
  // 0 for a free slot: no piece is empty.
  const lengths = new Uint8Array(size);
  const counts = new Int32Array(size);
  // The piece last missed.
  let missedSlot = 0;
  let missedLow = 0;
  let missedHigh = 0;
  let missedLength = 0;
  return {
    find(bytes, start, end) {
      let low = 0;
      let high = 0;
      const middle = Math.min(end, start + 4);
      for (let index = middle - 1; index >= start; index -= 1) {
        low = (low << 8) | (bytes[index] as number);
      }
      for (let index = end - 1; index >= middle; index -= 1) {
        high = (high << 8) | (bytes[index] as number);
      }
      const length = end - start;
      const slot = Math.imul(low ^ Math.imul(high ^ length, 0x9e3779b1), 0x85ebca6b) >>> shift;
      if (lows[slot] === low && highs[slot] === high && lengths[slot] === length) {
        return counts[slot] as number;
      }
      missedSlot = slot;
      missedLow = low;
      missedHigh = high;
      missedLength = length;
      return -1;
    },
    keep(count) {
      lows[missedSlot] = missedLow;
      highs[missedSlot] = missedHigh;
      lengths[missedSlot] = missedLength;
      counts[missedSlot] = count;
    },
  };
}
