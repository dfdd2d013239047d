import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldAscii, startsWithAsciiCaseInsensitive } from "./ascii-case.js";

// The oracle: lower-case A–Z with a regular expression, leave every other character alone.
const lowerAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

describe("startsWithAsciiCaseInsensitive", () => {
  it("agrees with comparing ASCII-lower-cased text", () => {
    const text = fc.string({
      unit: fc.constantFrom("a", "A", "k", "K", "\u212a", "İ", "i", "<", "/", "ſ", "s"),
    });
    fc.assert(
      fc.property(text, text, fc.nat(4), (haystack, needle, offset) => {
        const expected =
          offset + needle.length <= haystack.length &&
          lowerAscii(haystack.slice(offset, offset + needle.length)) === lowerAscii(needle);
        return startsWithAsciiCaseInsensitive(haystack, offset, needle) === expected;
      }),
      { numRuns: 500 },
    );
  });

  it("never folds the Kelvin sign, dotted İ or long s", () => {
    expect(startsWithAsciiCaseInsensitive("\u212a", 0, "k")).toBe(false);
    expect(startsWithAsciiCaseInsensitive("İ", 0, "i")).toBe(false);
    expect(startsWithAsciiCaseInsensitive("ſ", 0, "s")).toBe(false);
    expect(startsWithAsciiCaseInsensitive("xAbC", 1, "abc")).toBe(true);
  });
});

describe("foldAscii", () => {
  it("folds exactly A–Z on every code unit", () => {
    const wrong: number[] = [];
    for (let unit = 0; unit <= 0xffff; unit += 1) {
      if (foldAscii(unit) !== lowerAscii(String.fromCharCode(unit)).charCodeAt(0)) wrong.push(unit);
    }
    expect(wrong).toEqual([]);
  });
});
