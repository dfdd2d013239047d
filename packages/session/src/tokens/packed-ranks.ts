import { hashBytes, headerWords } from "./pack-ranks.js";

/** A rank table packed by `packRanks`, read where it lies. */
export interface PackedRanks {
  /**
   * The rank of the token made of `bytes` from `start` to `end`, or -1 when there is none;
   * `hash` is those bytes' {@link hashBytes}, for a caller that has it already.
   */
  rankOf(bytes: Uint8Array, start: number, end: number, hash?: number): number;
}

/** Views of the packed table `packed` (copied first only when it is not 4-byte aligned). */
export function readPackedRanks(packed: Uint8Array): PackedRanks {
  const aligned = packed.byteOffset % 4 === 0 ? packed : packed.slice();
  const header = new Uint32Array(aligned.buffer, aligned.byteOffset, headerWords);
  const tokenCount = header[0] ?? 0;
  const slotCount = header[1] ?? 0;
  const offsets = new Uint32Array(
    aligned.buffer,
    aligned.byteOffset + headerWords * 4,
    tokenCount + 1,
  );
  const slots = new Uint32Array(aligned.buffer, offsets.byteOffset + offsets.byteLength, slotCount);
  const tokenBytes = aligned.subarray(slots.byteOffset - aligned.byteOffset + slots.byteLength);
  const mask = slotCount - 1;
  return {
    rankOf(bytes, start, end, hash = hashBytes(bytes, start, end)) {
      const length = end - start;
      let slot = hash & mask;
      for (let entry = slots[slot] ?? 0; entry !== 0; entry = slots[slot] ?? 0) {
        const rank = entry - 1;
        const tokenStart = offsets[rank] ?? 0;
        if ((offsets[rank + 1] ?? 0) - tokenStart === length) {
          let index = 0;
          while (index < length && tokenBytes[tokenStart + index] === bytes[start + index]) {
            index += 1;
          }
          if (index === length) return rank;
        }
        slot = (slot + 1) & mask;
      }
      return -1;
    },
  };
}
