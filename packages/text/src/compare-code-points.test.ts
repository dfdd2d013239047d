import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareCodePoints, sortedUnique } from "./compare-code-points.js";

// Any scalar value (a code point outside the surrogates, which a well-formed string never holds
// alone and which UTF-8 cannot encode): fast-check's `unit: "binary"` takes seconds to build.
const anyCodePoint = fc
  .nat({ max: 0x10ffff - 0x800 })
  .map((index) => String.fromCodePoint(index < 0xd800 ? index : index + 0x800));

const encoder = new TextEncoder();

// The oracle: the byte order of the UTF-8 encodings, which is how Rust orders strings.
function compareBytes(left: string, right: string): number {
  const a = encoder.encode(left);
  const b = encoder.encode(right);
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

describe("compareCodePoints", () => {
  it("orders well-formed strings as their UTF-8 bytes do", () => {
    const text = fc.string({ unit: anyCodePoint, maxLength: 8 });
    fc.assert(
      fc.property(text, text, (left, right) => {
        return Math.sign(compareCodePoints(left, right)) === Math.sign(compareBytes(left, right));
      }),
      { numRuns: 1000 },
    );
  });

  it("puts a character beyond U+FFFF after U+FF5E, unlike the default sort", () => {
    expect(["\u{1F600}", "\uFF5E"].sort()).toEqual(["\u{1F600}", "\uFF5E"]);
    expect(["\u{1F600}", "\uFF5E"].sort(compareCodePoints)).toEqual(["\uFF5E", "\u{1F600}"]);
  });
});

describe("sortedUnique", () => {
  it("drops repeats and sorts by code point", () => {
    expect(sortedUnique(["b", "a", "b", "\u{1F600}", "\uFF5E"])).toEqual([
      "a",
      "b",
      "\uFF5E",
      "\u{1F600}",
    ]);
  });
});
