/** A bounded table of pieces' token counts, keyed by the pieces' bytes. */
export interface MergedPieceCache {
  /**
   * The count kept for the bytes of `bytes` from `start` to `end`, whose FNV-1a hash is `hash`,
   * or -1 when none is kept.
   */
  find(bytes: Uint8Array, start: number, end: number, hash: number): number;
  /** Keeps `count` for those bytes (the table is emptied first when it is full). */
  keep(bytes: Uint8Array, start: number, end: number, hash: number, count: number): void;
}

/**
 * A table of the token counts of up to `capacity` merged pieces of up to `longest` bytes each
 * and `byteCapacity` bytes in all, held in typed arrays (the pieces' bytes one after another,
 * found by their hash and linear probing), so that looking a piece up makes no string: about
 * `byteCapacity + 20 × capacity` bytes. The table is emptied when full, which keeps the pieces
 * a text repeats now without tracking their ages.
 */
export function createMergedPieceCache(
  capacity: number,
  byteCapacity: number,
  longest: number,
): MergedPieceCache {
  let slotCount = 1;
  while (slotCount < capacity * 2) slotCount *= 2;
  const mask = slotCount - 1;
  // Each slot holds an entry's number plus one, or 0 when free.
  const slots = new Int32Array(slotCount);
  // Entry `e`'s bytes are those of `stored` from `offsets[e]` to `offsets[e + 1]`.
  const offsets = new Int32Array(capacity + 1);
  const counts = new Int32Array(capacity);
  const stored = new Uint8Array(byteCapacity);
  let size = 0;

  const matches = (entry: number, bytes: Uint8Array, start: number, end: number): boolean => {
    const offset = (offsets[entry] as number) - start;
    if ((offsets[entry + 1] as number) - offset !== end) return false;
    for (let index = start; index < end; index += 1) {
      if (stored[offset + index] !== bytes[index]) return false;
    }
    return true;
  };

  return {
    find(bytes, start, end, hash) {
      for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
        const entry = (slots[slot] as number) - 1;
        if (entry < 0) return -1;
        if (matches(entry, bytes, start, end)) return counts[entry] as number;
      }
    },
    keep(bytes, start, end, hash, count) {
      const length = end - start;
      if (length > longest) return;
      if (size === capacity || (offsets[size] as number) + length > byteCapacity) {
        slots.fill(0);
        size = 0;
      }
      let slot = hash & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = size + 1;
      counts[size] = count;
      const offset = offsets[size] as number;
      stored.set(bytes.subarray(start, end), offset);
      offsets[size + 1] = offset + length;
      size += 1;
    },
  };
}
