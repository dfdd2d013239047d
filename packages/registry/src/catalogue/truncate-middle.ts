import { utf8ByteLength } from "@ctx/fragments";

/** Bytes per token in the reference's estimate (`ceil(bytes / 4)`). */
const bytesPerToken = 4;

/** The result of {@link truncateMiddle}. */
export interface TruncatedText {
  readonly text: string;
  /** How many estimated tokens were cut out of the middle; 0 when the text fit. */
  readonly truncatedTokens: number;
}

/**
 * Keeps the start and the end of `text` within about `maxTokens` tokens (4 bytes each) and puts
 * `…{N} tokens truncated…` where the middle was, as the reference does. Text that fits is
 * returned unchanged. Cuts fall on character boundaries.
 */
export function truncateMiddle(text: string, maxTokens: number): TruncatedText {
  const budget = Math.max(0, Math.floor(maxTokens)) * bytesPerToken;
  const bytes = utf8ByteLength(text);
  if (bytes <= budget) return { text, truncatedTokens: 0 };
  const characters = [...text];
  const head = takeBytes(characters, Math.floor(budget / 2));
  const tail = takeBytes([...characters].reverse(), budget - Math.floor(budget / 2)).reverse();
  const keptBytes = utf8ByteLength(head.join("")) + utf8ByteLength(tail.join(""));
  const truncatedTokens = Math.ceil((bytes - keptBytes) / bytesPerToken);
  return {
    text: `${head.join("")}…${truncatedTokens} tokens truncated…${tail.join("")}`,
    truncatedTokens,
  };
}

function takeBytes(characters: readonly string[], budget: number): string[] {
  const taken: string[] = [];
  let used = 0;
  for (const character of characters) {
    const size = utf8ByteLength(character);
    if (used + size > budget) break;
    taken.push(character);
    used += size;
  }
  return taken;
}
