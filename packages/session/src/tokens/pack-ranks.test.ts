import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashBytes, packRanks } from "./pack-ranks.js";
import { readPackedRanks } from "./packed-ranks.js";

const encoder = new TextEncoder();

describe("packRanks", () => {
  it("packs a table in which each token is found at its rank and nothing else is", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 60 }),
        (tokens) => {
          const ranks = readPackedRanks(packRanks(tokens));
          for (const [rank, token] of tokens.entries()) {
            const bytes = encoder.encode(`>${token}<`);
            expect(ranks.rankOf(bytes, 1, bytes.length - 1)).toBe(rank);
          }
          const absent = encoder.encode("\u0000absent");
          expect(ranks.rankOf(absent, 0, absent.length)).toBe(
            tokens.includes("\u0000absent") ? 0 : -1,
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it("keeps tokens given as bytes, and leaves a missing rank out", () => {
    const ranks = readPackedRanks(packRanks(["a", [0xff, 0xfe], undefined, "b"]));
    expect(ranks.rankOf(Uint8Array.of(0xff, 0xfe), 0, 2)).toBe(1);
    expect(ranks.rankOf(encoder.encode("b"), 0, 1)).toBe(3);
    expect(ranks.rankOf(new Uint8Array(0), 0, 0)).toBe(-1);
  });
});

describe("hashBytes", () => {
  it("hashes the same bytes alike wherever they lie", () => {
    expect(hashBytes(encoder.encode("xaby"), 1, 3)).toBe(hashBytes(encoder.encode("ab"), 0, 2));
    expect(hashBytes(encoder.encode("ab"), 0, 2)).not.toBe(hashBytes(encoder.encode("ba"), 0, 2));
  });
});
