import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiPieceEnd } from "./ascii-piece-end.js";
import { o200kPieces } from "./o200k-pieces.js";

/** The pieces of `text` as the regular expression cuts them. */
function regexPieces(text: string): string[] {
  return text.match(new RegExp(o200kPieces.source, o200kPieces.flags)) ?? [];
}

/** The pieces of `text` as {@link asciiPieceEnd} cuts them. */
function scannedPieces(text: string): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; ) {
    const end = asciiPieceEnd(text, start);
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

// Every kind of ASCII character the expression tells apart: capitals and small letters (those of
// the contractions among them), digits, each space and line break, signs, slashes and controls.
const parts = fc.constantFrom(
  "a",
  "Z",
  "s",
  "T",
  "ll",
  "LL",
  "ve",
  "Re",
  "'",
  "'s",
  "'d",
  "'M",
  "'ll",
  "'vE",
  "'re",
  "'x",
  "7",
  "42",
  "1234",
  " ",
  "  ",
  "\t",
  "\v",
  "\f",
  "\n",
  "\r\n",
  " \n ",
  "\r",
  ".",
  "/",
  "//",
  "(",
  "==",
  "->",
  "\u0000",
  "\u001f",
  "\u007f",
);

describe("asciiPieceEnd", () => {
  it("cuts every ASCII text into the pieces the o200k_base expression matches", () => {
    expect(scannedPieces("Hello, world! I'LL see you'll at 12345.\n\n  x\t  y  ")).toEqual(
      regexPieces("Hello, world! I'LL see you'll at 12345.\n\n  x\t  y  "),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(parts, { maxLength: 40 }).map((chosen) => chosen.join("")),
          fc.string({
            unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)),
            maxLength: 60,
          }),
        ),
        (text) => {
          expect(scannedPieces(text)).toEqual(regexPieces(text));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
