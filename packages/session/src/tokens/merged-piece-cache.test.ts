import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMergedPieceCache } from "./merged-piece-cache.js";
import { hashBytes } from "./pack-ranks.js";

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe("createMergedPieceCache", () => {
  it("finds the count kept for the same bytes wherever they lie, and none for others", () => {
    const cache = createMergedPieceCache(8, 64, 16);
    const text = bytesOf("xx function yy");
    cache.keep(text, 3, 11, hashBytes(text, 3, 11), 2);
    const alone = bytesOf("function");
    expect(cache.find(alone, 0, 8, hashBytes(alone, 0, 8))).toBe(2);
    // The same hash for other bytes, as a collision would give it: told apart by the bytes.
    expect(cache.find(bytesOf("functions"), 0, 9, hashBytes(alone, 0, 8))).toBe(-1);
    expect(cache.find(bytesOf("funktion"), 0, 8, hashBytes(alone, 0, 8))).toBe(-1);
  });

  it("keeps no piece longer than its longest, and empties itself when full", () => {
    const cache = createMergedPieceCache(2, 64, 4);
    const find = (text: string) => cache.find(bytesOf(text), 0, text.length, 7);
    const keep = (text: string, count: number) =>
      cache.keep(bytesOf(text), 0, text.length, 7, count);
    keep("abcde", 3);
    expect(find("abcde")).toBe(-1);
    keep("ab", 1);
    keep("cd", 2);
    expect([find("ab"), find("cd")]).toEqual([1, 2]);
    keep("ef", 3);
    expect([find("ab"), find("cd"), find("ef")]).toEqual([-1, -1, 3]);
  });

  it("finds every piece it kept since it was last emptied, by capacity or by bytes", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 6 }), fc.nat(99)), {
          maxLength: 40,
        }),
        (pieces) => {
          const cache = createMergedPieceCache(8, 24, 6);
          let kept = new Map<string, number>();
          let bytes = 0;
          for (const [text, count] of pieces) {
            const piece = bytesOf(text);
            const hash = hashBytes(piece, 0, piece.length);
            if (piece.length > 6 || cache.find(piece, 0, piece.length, hash) >= 0) continue;
            if (kept.size === 8 || bytes + piece.length > 24) {
              kept = new Map();
              bytes = 0;
            }
            cache.keep(piece, 0, piece.length, hash, count);
            kept.set(text, count);
            bytes += piece.length;
          }
          for (const [text, count] of kept) {
            const piece = bytesOf(text);
            expect(cache.find(piece, 0, piece.length, hashBytes(piece, 0, piece.length))).toBe(
              count,
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
