import { approximateTokenizer } from "../tokens/approximate-tokenizer.js";
import type { Tokenizer } from "../tokens/tokenizer.js";

/** The bytes/4 estimate, counting in `calls` how many texts it was handed. */
export function spyTokenizer(): Tokenizer & { calls: number } {
  const spy = {
    name: "spy",
    calls: 0,
    count: (text: string) => {
      spy.calls += 1;
      return approximateTokenizer.count(text);
    },
  };
  return spy;
}
