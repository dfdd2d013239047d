import { randomBytes } from "node:crypto";
import { benchOptions, isQuickBench } from "@ctx/vitest-config/bench";
import { clearMergeCache, countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { bench, describe } from "vitest";
import { longestStretch } from "./bounded-count.js";
import { loadDefaultTokenizer } from "./load-default-tokenizer.js";
import { createO200kCounter } from "./o200k-counter.js";
import { loadO200kRanks } from "./o200k-ranks.js";
import { readPackedRanks } from "./packed-ranks.js";

// Random base64 (a tool output no cache helps with) at 0.5, 2 and 10 MB, counted by the
// candidates: the default tokenizer (the packed table, exact up to `exactLength`, then an
// estimate), every stretch exact with the packed table, and every stretch exact with
// gpt-tokenizer's encoder, its merge cache emptied after each (the last is left out at 10 MB,
// where it takes a minute). A quick run counts 10,000 characters, a few stretches, to prove the
// bench runs.
const sizes = isQuickBench() ? [10_000] : [500_000, 2_000_000, 10_000_000];
const texts = new Map(
  sizes.map((size) => [size, randomBytes(size).toString("base64").slice(0, size)]),
);
// The worst text for a byte-pair merge: a run of one letter, one piece however long, cut into
// stretches of the longest length, each merged whole.
const letterRun = "a".repeat(isQuickBench() ? 10_000 : 2_000_000);
const plain = { disallowedSpecial: new Set<string>() };
const tokenizer = await loadDefaultTokenizer();
const packedCount = createO200kCounter(readPackedRanks(loadO200kRanks()));
const gptTokenizerCount = (stretch: string): number => {
  const tokens = countTokens(stretch, plain);
  clearMergeCache();
  return tokens;
};

/** `text` counted exactly by `count` in plain stretches of {@link longestStretch} units. */
function exactCount(text: string, count: (stretch: string) => number): number {
  let total = 0;
  for (let start = 0; start < text.length; start += longestStretch) {
    total += count(text.slice(start, start + longestStretch));
  }
  return total;
}

for (const [size, text] of texts) {
  describe(`random base64, ${(size / 1e6).toLocaleString("en")} MB`, () => {
    const options = benchOptions({ iterations: 3, warmupIterations: 0, warmupTime: 0, time: 0 });
    bench("loadDefaultTokenizer().count", () => void tokenizer.count(text), options);
    bench("exact stretches, packed table", () => void exactCount(text, packedCount), options);
    if (size > 2_000_000) return;
    bench(
      "exact stretches, gpt-tokenizer (merge cache emptied after each)",
      () => void exactCount(text, gptTokenizerCount),
      { ...options, iterations: 1 },
    );
  });
}

describe(`a run of one letter, ${(letterRun.length / 1e6).toLocaleString("en")} MB`, () => {
  const options = benchOptions({ iterations: 3, warmupIterations: 0, warmupTime: 0, time: 0 });
  bench("loadDefaultTokenizer().count", () => void tokenizer.count(letterRun), options);
  bench("exact stretches, packed table", () => void exactCount(letterRun, packedCount), options);
});
