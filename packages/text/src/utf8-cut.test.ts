import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utf8PrefixEnd, utf8SuffixStart } from "./utf8-cut.js";

// Any code point, lone surrogates included: fast-check's `unit: "binary"` takes seconds to build.
const anyCodePoint = fc.nat({ max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint));

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;

// The oracle: walk whole code points with the encoder, keeping the longest piece that fits.
function longestPrefix(text: string, maxBytes: number): number {
  let end = 0;
  for (const point of text) {
    if (bytesOf(text.slice(0, end + point.length)) > maxBytes) break;
    end += point.length;
  }
  return end;
}

function longestSuffix(text: string, maxBytes: number): number {
  let start = text.length;
  for (const point of [...text].reverse()) {
    if (bytesOf(text.slice(start - point.length)) > maxBytes) break;
    start -= point.length;
  }
  return start;
}

describe("utf8PrefixEnd and utf8SuffixStart", () => {
  const text = fc.string({ unit: anyCodePoint, maxLength: 40 });

  it("find the longest prefix and suffix that fit, as the encoder counts", () => {
    fc.assert(
      fc.property(text, fc.nat(120), (value, maxBytes) => {
        return (
          utf8PrefixEnd(value, maxBytes) === longestPrefix(value, maxBytes) &&
          utf8SuffixStart(value, maxBytes) === longestSuffix(value, maxBytes)
        );
      }),
      { numRuns: 500 },
    );
  });

  it("never split a surrogate pair", () => {
    expect(utf8PrefixEnd("a😀b", 4)).toBe(1);
    expect(utf8PrefixEnd("a😀b", 5)).toBe(3);
    expect(utf8SuffixStart("a😀b", 4)).toBe(3);
    expect(utf8SuffixStart("a😀b", 5)).toBe(1);
  });

  it("count a lone surrogate as three bytes", () => {
    expect(utf8PrefixEnd("\ud800x", 3)).toBe(1);
    expect(utf8SuffixStart("x\udc00", 3)).toBe(1);
  });
});
