import { truncateMiddle } from "@ctx/text";
import type { Tokenizer } from "../tokens/tokenizer.js";

/** At most this many tries to bring a middle cut under its budget. */
const maxTries = 8;

/**
 * `text` cut in the middle, with `@ctx/text`'s visible marker where the middle was, so that
 * `tokenizer` counts at most `budget` tokens; `undefined` when not even the marker fits. The cut
 * is sized by the bytes/4 estimate first, then shrunk in proportion until the tokenizer agrees.
 */
export function cutToTokens(
  text: string,
  budget: number,
  tokenizer: Tokenizer,
): string | undefined {
  let estimate = budget;
  for (let attempt = 0; attempt < maxTries; attempt++) {
    const cut = truncateMiddle(text, estimate).text;
    const tokens = tokenizer.count(cut);
    if (tokens <= budget) return cut;
    if (estimate === 0) return undefined;
    estimate = Math.max(0, Math.floor((estimate * budget) / tokens) - 1);
  }
  return undefined;
}
