/**
 * The index of the first `character` in `text` at `from` or after, looking at no more than
 * `limit` characters, or -1. Custom recognisers use it to read a short key or attribute from a
 * start tag without scanning a long body.
 */
export function findWithin(text: string, from: number, character: string, limit: number): number {
  const stop = Math.min(text.length, from + limit + 1);
  for (let index = from; index < stop; index += 1)
    if (text.charAt(index) === character) return index;
  return -1;
}
