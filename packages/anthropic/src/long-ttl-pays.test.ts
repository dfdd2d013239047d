import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { longTtlPays } from "./long-ttl-pays.js";

describe("longTtlPays", () => {
  it("weighs the dearer writes against the prefix a gap would write again", () => {
    // Anthropic's multipliers: a gap saves 1.15 times the prefix, the hour costs 0.75 times the writes.
    const pricing = { input: 3 };
    expect(longTtlPays(pricing, { gapChance: 1, prefixTokens: 50_000, writtenTokens: 2000 })).toBe(
      true,
    );
    expect(
      longTtlPays(pricing, { gapChance: 0.02, prefixTokens: 50_000, writtenTokens: 2000 }),
    ).toBe(false);
    expect(
      longTtlPays(pricing, { gapChance: 0.05, prefixTokens: 50_000, writtenTokens: 2000 }),
    ).toBe(true);
    // A catalog whose long write costs as much as the short one always takes the hour.
    const flat = { input: 3, cacheWrite: 3.75, cacheWriteLong: 3.75, cachedInput: 0.3 };
    expect(longTtlPays(flat, { gapChance: 0.001, prefixTokens: 10, writtenTokens: 1e9 })).toBe(
      true,
    );
  });

  it("never stops paying when gaps grow likelier or the prefix longer", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (chance, more, prefixTokens, writtenTokens) => {
          const pricing = { input: 3 };
          const base = { gapChance: chance * more, prefixTokens, writtenTokens };
          if (longTtlPays(pricing, base)) {
            expect(longTtlPays(pricing, { ...base, gapChance: chance })).toBe(true);
            expect(longTtlPays(pricing, { ...base, prefixTokens: prefixTokens + 1 })).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
