import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utf8ByteLength } from "./utf8-byte-length.js";

describe("utf8ByteLength", () => {
  it("agrees with the UTF-8 encoder for every string", () => {
    const encoder = new TextEncoder();
    // Code points of every UTF-8 length, and lone surrogates (two of them side by side make a
    // pair). Built from integers: fast-check's "binary" unit spends most of a second indexing
    // every code point before the first case.
    const codePoint = fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0x80, max: 0x7ff }),
      fc.integer({ min: 0x800, max: 0xffff }),
      fc.integer({ min: 0xd800, max: 0xdfff }),
      fc.integer({ min: 0x10000, max: 0x10ffff }),
    );
    fc.assert(
      fc.property(
        fc.string({ unit: codePoint.map((value) => String.fromCodePoint(value)) }),
        (text) => utf8ByteLength(text) === encoder.encode(text).length,
      ),
    );
  });

  it("counts a lone surrogate as the three bytes of its replacement character", () => {
    expect(utf8ByteLength("\ud800")).toBe(3);
    expect(utf8ByteLength("😀")).toBe(4);
  });
});
