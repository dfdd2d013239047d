import { check } from "./check-argument.js";
import { widthAt } from "./code-point-width.js";

/** The part of the web platform's `TextEncoder` this module uses. */
interface Utf8Encoder {
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}

/**
 * How many UTF-16 code units are encoded at a time. Each stretch fits the reused buffer (3 bytes
 * a unit at most), so memory stays bounded whatever the size of the text.
 */
export const encodedStretchUnits = 64 * 1024;

const Encoder = (globalThis as { TextEncoder?: new () => Utf8Encoder }).TextEncoder;
let encoder: Utf8Encoder | undefined;
let buffer: Uint8Array | undefined;

/**
 * The UTF-8 length of `text` (a lone surrogate counts the 3 bytes of the replacement character an
 * encoder writes for it). The runtime's `TextEncoder` counts it, stretch by stretch into one
 * reused buffer; where there is none (a bare JavaScript engine), the code points are walked.
 * @throws {TextError} when `text` is not a string.
 */
export function utf8ByteLength(text: string): number {
  check.string("text", text);
  return countUtf8Bytes(text);
}

/** {@link utf8ByteLength} without the argument check, for callers that checked `text`. */
export function countUtf8Bytes(text: string): number {
  return Encoder === undefined ? walkedByteLength(text) : encodedByteLength(text);
}

/** The UTF-8 length of `text` as the runtime's encoder writes it, one stretch at a time. */
export function encodedByteLength(text: string): number {
  encoder ??= new (Encoder as new () => Utf8Encoder)();
  buffer ??= new Uint8Array(encodedStretchUnits * 3 + 3);
  let bytes = 0;
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + encodedStretchUnits, text.length);
    // Keep a surrogate pair in one stretch: apart, each half would count as a replacement
    // character. Only a pair moves the cut: a lone high surrogate before it stays where it is,
    // or the cut would split the pair that follows it.
    if (end < text.length && widthAt(text, end - 1).units === 2) end += 1;
    bytes += encoder.encodeInto(text.slice(start, end), buffer).written;
    start = end;
  }
  return bytes;
}

/** The UTF-8 length of `text`, counted code point by code point without encoding it. */
export function walkedByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; ) {
    const width = widthAt(text, index);
    bytes += width.bytes;
    index += width.units;
  }
  return bytes;
}
