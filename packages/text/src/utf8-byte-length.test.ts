import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utf8ByteLength } from "./utf8-byte-length.js";

// Any code point, lone surrogates included: fast-check's `unit: "binary"` takes seconds to build.
const anyCodePoint = fc.nat({ max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint));

describe("utf8ByteLength", () => {
  it("agrees with the UTF-8 encoder for every string", () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(
        fc.string({ unit: anyCodePoint }),
        (text) => utf8ByteLength(text) === encoder.encode(text).length,
      ),
    );
  });

  it("counts a lone surrogate as the three bytes of its replacement character", () => {
    expect(utf8ByteLength("\ud800")).toBe(3);
    expect(utf8ByteLength("😀")).toBe(4);
  });
});
