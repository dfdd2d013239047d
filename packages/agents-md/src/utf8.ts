const lossyDecoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/**
 * Decodes UTF-8 as Rust's `String::from_utf8_lossy` does: each maximal invalid sequence becomes
 * U+FFFD, and a byte order mark is kept as text.
 */
export function decodeUtf8Lossy(bytes: Uint8Array): string {
  return lossyDecoder.decode(bytes);
}

/** Whether `bytes` is valid UTF-8 throughout. */
export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    strictDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The UTF-8 encoding of `text`. */
export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * Whether cutting `bytes` at `at` splits a character: the bytes before the cut end in the start
 * of a multi-byte sequence and the byte after it continues that sequence.
 */
export function splitsCharacter(bytes: Uint8Array, at: number): boolean {
  const next = bytes[at];
  if (at === 0 || next === undefined || !isContinuation(next)) return false;
  let start = at - 1;
  while (start > 0 && at - start < 4 && isContinuation(bytes[start] ?? 0)) start -= 1;
  const lead = bytes[start] ?? 0;
  return sequenceLength(lead) > at - start;
}

/** The length of the invalid tail that a cut inside a character leaves at the end of `bytes`. */
export function incompleteTailLength(bytes: Uint8Array): number {
  let start = bytes.length - 1;
  while (start > 0 && bytes.length - start < 4 && isContinuation(bytes[start] ?? 0)) start -= 1;
  if (start < 0) return 0;
  const length = sequenceLength(bytes[start] ?? 0);
  const present = bytes.length - start;
  return length > 1 && present < length ? present : 0;
}

function isContinuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

function sequenceLength(lead: number): number {
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  return 1;
}
