import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodedStretchUnits, utf8ByteLength, walkedByteLength } from "./utf8-byte-length.js";

// Any code point, lone surrogates included: fast-check's `unit: "binary"` takes seconds to build.
const anyCodePoint = fc.nat({ max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint));
const encoder = new TextEncoder();

describe("utf8ByteLength", () => {
  it("agrees with the UTF-8 encoder for every string", () => {
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

  it("keeps the cut before a pair that follows a lone high surrogate at a stretch's end", () => {
    // The case fast-check shrank to (seed 1737567282): the stretch's last unit is a lone high
    // surrogate and the next two units are a pair; moving the cut past the lone one split the pair.
    const text = `${"a".repeat(encodedStretchUnits - 1)}\ud800\u{10000}\u0000`;
    expect(utf8ByteLength(text)).toBe(encoder.encode(text).length);
    expect(utf8ByteLength(text)).toBe(encodedStretchUnits - 1 + 3 + 4 + 1);
  });

  it("agrees with the encoder where a stretch ends inside a pair or on a lone surrogate", () => {
    // Text longer than one stretch, with a chosen code point across each stretch boundary.
    const filler = fc.constantFrom("a", "é", "中");
    fc.assert(
      fc.property(
        filler,
        fc.array(anyCodePoint, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: -3, max: 0 }),
        (fill, around, shift) => {
          const prefix = fill.repeat(encodedStretchUnits + shift);
          const text = `${prefix}${around.join("")}${prefix}${around.join("")}`;
          return utf8ByteLength(text) === encoder.encode(text).length;
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("walkedByteLength", () => {
  // What a runtime without TextEncoder counts with.
  it("agrees with the UTF-8 encoder for every string", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: anyCodePoint }),
        (text) => walkedByteLength(text) === encoder.encode(text).length,
      ),
    );
  });
});
