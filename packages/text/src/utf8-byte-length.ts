import { checkString } from "./check-argument.js";
import { widthAt } from "./code-point-width.js";

/**
 * The UTF-8 length of `text`, counted without encoding it (a lone surrogate counts the 3 bytes
 * of the replacement character an encoder writes for it).
 * @throws {TextError} when `text` is not a string.
 */
export function utf8ByteLength(text: string): number {
  checkString("text", text);
  let bytes = 0;
  for (let index = 0; index < text.length; ) {
    const width = widthAt(text, index);
    bytes += width.bytes;
    index += width.units;
  }
  return bytes;
}
