import { describe, expect, it } from "vitest";
import { cacheMissDollars } from "./cache-miss-dollars.js";
import { defaultModelCatalog } from "./default-model-catalog.js";
import { PromptsError } from "./prompts-error.js";

const pricingOf = (slug: string) => {
  const pricing = defaultModelCatalog.get(slug).pricing;
  if (pricing === undefined) throw new Error(`${slug} has no prices`);
  return pricing;
};

describe("cacheMissDollars", () => {
  it("charges a missed token the cache write less the cache read, where the provider bills writes", () => {
    // GPT-6.2 Sol: $2.50 a million written to the cache, $0.10 read from it.
    expect(cacheMissDollars(pricingOf("gpt-6.2-sol"), 1_000_000)).toBeCloseTo(2.4);
    // Claude Sonnet 4.5: $3.75 five-minute write, $0.30 read.
    expect(cacheMissDollars(pricingOf("claude-sonnet-4-5"), 200_000)).toBeCloseTo(0.69);
  });

  it("charges the input price less the cache read where the page gives no write price", () => {
    // GPT-5.6 Sol: $4 input, $0.40 cached.
    expect(cacheMissDollars(pricingOf("gpt-5.6-sol"), 1_000_000)).toBeCloseTo(3.6);
    expect(cacheMissDollars(pricingOf("gpt-5.6-sol"), 0)).toBe(0);
  });

  it("refuses prices or a count that do not fit", () => {
    expect(() => cacheMissDollars(pricingOf("gpt-5.6-sol"), -1)).toThrow(PromptsError);
    expect(() => cacheMissDollars({ input: 1 } as never, 1)).toThrow(/pricing/);
  });
});
