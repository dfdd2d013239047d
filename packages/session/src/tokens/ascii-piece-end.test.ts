import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiPieceEnd } from "./ascii-piece-end.js";
import { o200kPieces } from "./o200k-pieces.js";

/** The pieces of `text` as the regular expression cuts them. */
function regexPieces(text: string): string[] {
  return text.match(new RegExp(o200kPieces.source, o200kPieces.flags)) ?? [];
}

/**
 * The pieces of `text` as {@link asciiPieceEnd} cuts them, with the expression's piece where it
 * leaves the piece to the expression; and how many it left.
 */
function scannedPieces(text: string): { pieces: string[]; left: number } {
  const pieces: string[] = [];
  const expression = new RegExp(o200kPieces.source, o200kPieces.flags);
  const bytes = new TextEncoder().encode(text);
  let left = 0;
  // The piece's start in the text's units and in its bytes.
  for (let start = 0, byte = 0; start < text.length; ) {
    const byteEnd = asciiPieceEnd(bytes, byte, bytes.length);
    let end: number;
    if (byteEnd < 0) {
      left += 1;
      expression.lastIndex = start;
      const piece = expression.exec(text)?.[0] ?? text.slice(start);
      end = start + piece.length;
      byte += new TextEncoder().encode(piece).length;
    } else {
      end = start + byteEnd - byte;
      byte = byteEnd;
    }
    pieces.push(text.slice(start, end));
    start = end;
  }
  return { pieces, left };
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

// Characters beyond ASCII that could go on with a piece: letters, marks, digits, signs, spaces.
const beyondAscii = fc.constantFrom(
  "é",
  "É",
  "ǅ",
  "\u0301",
  "日本",
  "٣",
  "→",
  "—",
  "\u00a0",
  "\u2028",
  "\u3000",
  "😀",
  "\ud800",
);

describe("asciiPieceEnd", () => {
  it("cuts every ASCII text into the pieces the o200k_base expression matches", () => {
    const text = "Hello, world! I'LL see you'll at 12345.\n\n  x\t  y  ";
    expect(scannedPieces(text)).toEqual({ pieces: regexPieces(text), left: 0 });
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
          expect(scannedPieces(text)).toEqual({ pieces: regexPieces(text), left: 0 });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("leaves a piece a character beyond ASCII could change to the expression", () => {
    expect(scannedPieces("café au lait")).toEqual({ pieces: ["café", " au", " lait"], left: 1 });
    fc.assert(
      fc.property(
        fc.array(fc.oneof(parts, beyondAscii), { maxLength: 40 }).map((chosen) => chosen.join("")),
        (text) => {
          expect(scannedPieces(text).pieces).toEqual(regexPieces(text));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
