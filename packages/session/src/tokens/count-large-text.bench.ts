import { randomBytes } from "node:crypto";
import { benchOptions, isQuickBench } from "@ctx/vitest-config/bench";
import { clearMergeCache, countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { bench, describe } from "vitest";
import { longestStretch } from "./bounded-count.js";
import { loadDefaultTokenizer } from "./load-default-tokenizer.js";

// Random base64 (a tool output no cache helps with) at 0.5, 2 and 10 MB, counted three ways:
// the default tokenizer, exact stretches with the merge cache emptied after each, and exact
// stretches with the cache kept (as before). The last two are left out at 10 MB, where they take
// minutes. A quick run counts 10,000 characters, a few stretches, to prove the bench runs.
const sizes = isQuickBench() ? [10_000] : [500_000, 2_000_000, 10_000_000];
const texts = new Map(
  sizes.map((size) => [size, randomBytes(size).toString("base64").slice(0, size)]),
);
const plain = { disallowedSpecial: new Set<string>() };
const tokenizer = await loadDefaultTokenizer();

/** `text` counted exactly in plain stretches of {@link longestStretch} units. */
function exactCount(text: string, afterStretch: () => void): number {
  let total = 0;
  for (let start = 0; start < text.length; start += longestStretch) {
    total += countTokens(text.slice(start, start + longestStretch), plain);
    afterStretch();
  }
  return total;
}

for (const [size, text] of texts) {
  describe(`random base64, ${(size / 1e6).toLocaleString("en")} MB`, () => {
    const options = benchOptions({ iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 });
    bench(
      "loadDefaultTokenizer().count",
      () => {
        tokenizer.count(text);
      },
      options,
    );
    if (size > 2_000_000) return;
    bench(
      "exact stretches, merge cache emptied after each",
      () => {
        exactCount(text, clearMergeCache);
      },
      options,
    );
    bench(
      "exact stretches, merge cache kept (before this change)",
      () => {
        exactCount(text, () => undefined);
      },
      options,
    );
  });
}
