import { describe, expect, it } from "vitest";
import { packRanks } from "./pack-ranks.js";
import { readPackedRanks } from "./packed-ranks.js";

const encoder = new TextEncoder();

describe("readPackedRanks", () => {
  it("reads a table that does not start on a 4-byte boundary", () => {
    const packed = packRanks(["one", "two"]);
    const shifted = new Uint8Array(packed.length + 1);
    shifted.set(packed, 1);
    const ranks = readPackedRanks(shifted.subarray(1));
    expect(ranks.rankOf(encoder.encode("two"), 0, 3)).toBe(1);
    expect(ranks.rankOf(encoder.encode("six"), 0, 3)).toBe(-1);
  });
});
