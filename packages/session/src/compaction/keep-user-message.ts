import { utf8ByteLength, utf8PrefixEnd, utf8SuffixStart } from "@ctx/text";

/** Bytes per token in the reference's estimate (`ceil(bytes / 4)`). */
const bytesPerToken = 4;

/** One of the user's messages as a compacted history keeps it. */
export interface KeptUserMessage {
  /** Its tokens as the reference estimates them: `ceil(bytes / 4)` of its UTF-8 text. */
  readonly tokens: number;
  /**
   * The texts it is sent as, one `input_text` part each: the whole text when it fits `budget`;
   * else its head, the elision note `…{N} tokens truncated…` ({N}: its tokens less `budget`) and
   * its tail, each end at most `budget × 2` bytes, cut on a code point boundary.
   */
  readonly parts: readonly string[];
}

/**
 * `text`, one of the user's messages, measured and, when it is over `budget` tokens, cut in the
 * middle as Codex 0.171 keeps such a message across a compaction: three parts, the head, the
 * elision note alone and the tail. Time is linear in the text. Unchecked: the compaction passes
 * a text of the history and the budget it has left, above 0.
 */
export function keepUserMessage(text: string, budget: number): KeptUserMessage {
  const tokens = Math.ceil(utf8ByteLength(text) / bytesPerToken);
  if (tokens <= budget) return { tokens, parts: [text] };
  const end = (budget * bytesPerToken) / 2;
  return {
    tokens,
    parts: [
      text.slice(0, utf8PrefixEnd(text, end)),
      `…${tokens - budget} tokens truncated…`,
      text.slice(utf8SuffixStart(text, end)),
    ],
  };
}
