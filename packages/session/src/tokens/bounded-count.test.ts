import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countsRealTextsWhole, wholeCount as o200k } from "../__fixtures__/real-texts.js";
import { boundedCount, exactLength, longestStretch, sampleCount } from "./bounded-count.js";

/** `length` characters of base64 drawn from a seeded generator, so every run sees the same text. */
function randomBase64(length: number, seed: number): string {
  const bytes = new Uint8Array(Math.ceil((length * 3) / 4));
  let state = seed;
  for (let index = 0; index < bytes.length; index += 1) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return Buffer.from(bytes).toString("base64").slice(0, length);
}

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

  it("counts every fourth text of the Codex rollouts and of these READMEs whole, cut at spaces", () => {
    // All of them: bounded-count.soak.test.ts.
    countsRealTextsWhole(4);
  });

  it("counts a text up to the exact length stretch by stretch, all of it", () => {
    const text = randomBase64(exactLength + sampleCount * longestStretch, 7);
    let units = 0;
    const total = boundedCount(text, (stretch) => {
      units += stretch.length;
      return 1;
    });
    expect(units).toBe(text.length);
    expect(total).toBe(Math.ceil(text.length / longestStretch));
  });

  it("hands the encoder a bounded share of a longer text, however long", () => {
    for (const length of [2_000_000, 10_000_000]) {
      const text = randomBase64(length, length);
      let units = 0;
      boundedCount(text, (stretch) => {
        units += stretch.length;
        return 0;
      });
      expect(units).toBeLessThanOrEqual(exactLength + (sampleCount + 1) * longestStretch);
    }
  });

  it("estimates the rest of a long random text within half a percent", () => {
    const text = randomBase64(exactLength + 2 * sampleCount * longestStretch, 11);
    let exact = 0;
    for (let start = 0; start < text.length; start += longestStretch) {
      exact += o200k(text.slice(start, start + longestStretch));
    }
    expect(Math.abs(boundedCount(text, o200k) - exact) / exact).toBeLessThan(0.005);
  });
});
