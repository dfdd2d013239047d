/** The UTF-8 length of `text` in bytes. */
export function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/**
 * A rough token count: a quarter of the UTF-8 bytes, rounded up. Only an estimate; a real
 * tokenizer would count differently.
 */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}
