import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { record } from "./__fixtures__/record-search-arbitraries.js";
import { encodeBatch } from "./jsonl-line.js";
import { mayHoldBytes, summarizeBlock } from "./search-block-summary.js";

const log = { sessionId: "s", path: "/logs/s.jsonl" };
const at = "2026-01-01T00:00:00.000Z";

/** Swaps the case of the ASCII letters of `bytes` where `flips` says. */
function flipCase(bytes: Buffer, flips: readonly boolean[]): Buffer {
  return Buffer.from(
    bytes.map((byte, index) => {
      const letter = (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
      return letter && flips[index % flips.length] === true ? byte ^ 0x20 : byte;
    }),
  );
}

describe("summarizeBlock", () => {
  it("finds every piece of a block's bytes, whatever its ASCII case, and counts its records by type", () => {
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 8 }),
        fc.nat(40),
        fc.nat(),
        fc.nat(),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
        (records, first, start, length, flips) => {
          const bytes = Buffer.from(encodeBatch(records, first, "b", at));
          const block = summarizeBlock(bytes, 100, first, log);
          expect(block?.firstSequence).toBe(first);
          expect(block?.lastSequence).toBe(first + records.length - 1);
          expect(block?.end).toBe(100 + bytes.length);
          for (const type of new Set(records.map((each) => each.type)))
            expect(block?.types.get(type)?.count).toBe(
              records.filter((each) => each.type === type).length,
            );
          const from = start % bytes.length;
          const piece = flipCase(bytes.subarray(from, from + (length % 60)), flips);
          expect(block !== undefined && mayHoldBytes(block.trigrams, piece)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("gives no summary for lines out of order, cut short or not records", () => {
    const lines = Buffer.from(encodeBatch([{ type: "note", payload: "x" }], 3, "b", at));
    expect(summarizeBlock(lines, 0, 4, log)).toBeUndefined();
    expect(summarizeBlock(lines.subarray(0, -1), 0, 3, log)).toBeUndefined();
    expect(summarizeBlock(Buffer.from("not a record\n"), 0, 0, log)).toBeUndefined();
  });

  it("tells a block whose bytes lack a text's trigram that it cannot hold it", () => {
    const lines = Buffer.from(encodeBatch([{ type: "note", payload: "alpha beta" }], 0, "b", at));
    const block = summarizeBlock(lines, 0, 0, log);
    expect(block !== undefined && mayHoldBytes(block.trigrams, Buffer.from("ALPHA"))).toBe(true);
    expect(block !== undefined && mayHoldBytes(block.trigrams, Buffer.from("gamma"))).toBe(false);
  });
});
