/**
 * The layout of a packed rank table, in little-endian 32-bit words then bytes: the token count
 * `n`, the slot count `s` (a power of two), `n + 1` offsets into the byte area (token `r` is the
 * bytes from offset `r` to offset `r + 1`), `s` hash slots (each a rank plus one, or 0 when free,
 * found by FNV-1a of a token's bytes and linear probing), and the byte area. A reader takes views
 * of it where it lies, so loading a table costs one file read, not one map entry per token.
 */
export const headerWords = 2;

/** FNV-1a's offset basis and prime, for 32 bits. */
const fnvOffset = 0x811c9dc5;
const fnvPrime = 0x01000193;

/** The FNV-1a hash of `bytes` from `start` to `end`. */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = fnvOffset;
  for (let index = start; index < end; index += 1) {
    hash = Math.imul(hash ^ (bytes[index] ?? 0), fnvPrime);
  }
  return hash >>> 0;
}

/**
 * Packs a byte-pair rank table, where the entry at index `r` is the token of rank `r` as the
 * text it encodes in UTF-8 or as its bytes when they are not UTF-8 (the form `gpt-tokenizer`
 * ships), into the layout {@link headerWords} describes. A missing entry is a token of no bytes,
 * which no lookup finds.
 */
export function packRanks(
  entries: readonly (string | readonly number[] | undefined)[],
): Uint8Array {
  const encoder = new TextEncoder();
  const tokens = Array.from(entries, (entry) =>
    typeof entry === "string" ? encoder.encode(entry) : Uint8Array.from(entry ?? []),
  );
  let slotCount = 1;
  while (slotCount < tokens.length * 2) slotCount *= 2;
  const byteLength = tokens.reduce((total, token) => total + token.length, 0);
  const wordCount = headerWords + tokens.length + 1 + slotCount;
  const packed = new Uint8Array(wordCount * 4 + byteLength);
  const words = new Uint32Array(packed.buffer, 0, wordCount);
  words[0] = tokens.length;
  words[1] = slotCount;
  const offsets = headerWords;
  const slots = offsets + tokens.length + 1;
  let offset = 0;
  for (const [rank, token] of tokens.entries()) {
    words[offsets + rank] = offset;
    packed.set(token, wordCount * 4 + offset);
    offset += token.length;
    if (token.length === 0) continue;
    let slot = hashBytes(token, 0, token.length) & (slotCount - 1);
    while (words[slots + slot] !== 0) slot = (slot + 1) & (slotCount - 1);
    words[slots + slot] = rank + 1;
  }
  words[offsets + tokens.length] = offset;
  return packed;
}
