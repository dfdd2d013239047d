import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createShortPieceCache, shortPieceLength } from "./short-piece-cache.js";

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe("createShortPieceCache", () => {
  it("finds the count kept for the same bytes wherever they lie, and none for others", () => {
    const cache = createShortPieceCache(4);
    const text = bytesOf("xx the yy");
    expect(cache.find(text, 2, 6)).toBe(-1);
    cache.keep(1);
    expect(cache.find(bytesOf(" the"), 0, 4)).toBe(1);
    // A piece that differs only by a trailing zero byte, or in its second word, is another.
    expect(cache.find(bytesOf(" the\u0000"), 0, 5)).toBe(-1);
  });

  it("gives back, for any pieces, either the count kept for those very bytes or none", () => {
    const piece = fc.uint8Array({ minLength: 1, maxLength: shortPieceLength });
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, fc.nat(99)), { maxLength: 60 }), (pieces) => {
        const cache = createShortPieceCache(3);
        const counts = new Map<string, number>();
        for (const [bytes, count] of pieces) {
          const key = bytes.join(",");
          const found = cache.find(bytes, 0, bytes.length);
          if (found >= 0) expect(found).toBe(counts.get(key));
          else {
            // Each piece always has one count, as a piece of a text does.
            const kept = counts.get(key) ?? count;
            counts.set(key, kept);
            cache.keep(kept);
            expect(cache.find(bytes, 0, bytes.length)).toBe(kept);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
