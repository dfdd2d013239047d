import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectLargeCut } from "./__fixtures__/expect-large-cut.js";
import { truncateMiddle } from "./truncate-middle.js";
import { utf8ByteLength } from "./utf8-byte-length.js";

describe("truncateMiddle", () => {
  it("returns text that fits unchanged", () => {
    expect(truncateMiddle("short", 10)).toEqual({ text: "short", truncatedTokens: 0 });
  });

  it("keeps both ends and says how many tokens went", () => {
    expect(truncateMiddle("a".repeat(20) + "b".repeat(20), 5)).toEqual({
      text: `${"a".repeat(10)}…5 tokens truncated…${"b".repeat(10)}`,
      truncatedTokens: 5,
    });
  });

  it("never splits a character and keeps the kept part within budget", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.integer({ min: 0, max: 60 }),
        (text, tokens) => {
          const result = truncateMiddle(text, tokens);
          if (result.truncatedTokens === 0) return result.text === text;
          const [head = "", tail = ""] = result.text.split(/…\d+ tokens truncated…/);
          return (
            text.startsWith(head) &&
            text.endsWith(tail) &&
            utf8ByteLength(head) + utf8ByteLength(tail) <= tokens * 4 &&
            !result.text.includes("\ufffd")
          );
        },
      ),
    );
  });
});

describe("truncateMiddle on large input", () => {
  // 64 MB in truncate-middle.soak.test.ts.
  it("cuts 4 MB of text to the budget without copying it into an array", () => {
    expectLargeCut(4);
  });
});
