import fc from "fast-check";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { boundedCount, longestStretch } from "./bounded-count.js";

const plain = { disallowedSpecial: new Set<string>() };
const o200k = (text: string) => countTokens(text, plain);

describe("boundedCount", () => {
  it("hands the encoder no stretch longer than the bound, and loses no text", () => {
    const stretches: string[] = [];
    const text = `${"word ".repeat(1_000)}${"x".repeat(5_000)}😀${"y".repeat(3_000)}`;
    boundedCount(text, (stretch) => {
      stretches.push(stretch);
      return 0;
    });
    expect(stretches.join("")).toBe(text);
    expect(Math.max(...stretches.map((stretch) => stretch.length))).toBeLessThanOrEqual(
      longestStretch,
    );
    expect(stretches.some((stretch) => /^[\udc00-\udfff]|[\ud800-\udbff]$/.test(stretch))).toBe(
      false,
    );
  });

  it("counts text with spaces exactly as a whole", () => {
    const word = fc.constantFrom("const", "x", "=", "(a)", "\n", "  ", "é", "42", "=>", "\t", "{}");
    fc.assert(
      fc.property(fc.array(word, { minLength: 500, maxLength: 3_000 }), (words) => {
        const text = words.join(" ");
        expect(boundedCount(text, o200k)).toBe(o200k(text));
      }),
      { numRuns: 20 },
    );
  });

  it("miscounts a text without spaces by at most a token per cut", () => {
    const text = "abcdefgh".repeat(1_500);
    const cuts = Math.ceil(text.length / longestStretch) - 1;
    expect(Math.abs(boundedCount(text, o200k) - o200k(text))).toBeLessThanOrEqual(cuts);
  });
});
