import { utf8ByteLength } from "@ctx/text";
import type { Tokenizer } from "./tokenizer.js";

/**
 * The zero-dependency estimate the reference design uses: a token per four UTF-8 bytes, rounded
 * up. It needs nothing loaded, so it also serves while a real tokenizer is not available.
 */
export const approximateTokenizer: Tokenizer = {
  name: "bytes/4",
  count: (text) => Math.ceil(utf8ByteLength(text) / 4),
};
