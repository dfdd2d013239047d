/**
 * A rough token count: a quarter of the UTF-8 bytes, rounded up. Only an estimate; a real
 * tokenizer would count differently.
 */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}
