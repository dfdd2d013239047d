import type { ModelInfo } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import { countItemTokens } from "../tokens/count-item-tokens.js";
import type { Tokenizer } from "../tokens/tokenizer.js";

/** The tokenizer compaction counts with. */
export const compactionTokenizer: Tokenizer = approximateTokenizer;

/** The tokens of a request: its base instructions and its items. */
export function measureTokens(instructions: string, items: readonly ResponseItem[]): number {
  let total = compactionTokenizer.count(instructions);
  for (const item of items) total += countItemTokens(item, compactionTokenizer);
  return total;
}

/** The token count at which `model`'s history is compacted. */
export function compactionLimit(model: ModelInfo): number {
  return model.autoCompactTokenLimit;
}
