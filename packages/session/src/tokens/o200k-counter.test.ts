import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countsRealTextsAsBefore, wholeCount } from "../__fixtures__/real-texts.js";
import { createO200kCounter } from "./o200k-counter.js";
import { loadO200kRanks } from "./o200k-ranks.js";
import { readPackedRanks } from "./packed-ranks.js";

const count = createO200kCounter(readPackedRanks(loadO200kRanks()));

// Texts made of the characters that make the pre-tokenizer's cases: letters of both cases and
// of other scripts, combining marks, digits, signs, contractions, spaces and line breaks, emoji.
const parts = fc.constantFrom(
  "a",
  "Z",
  "é",
  "É",
  "ß",
  "日本",
  "ǅ",
  "\u0301",
  "7",
  "42",
  "1234",
  "'s",
  "'LL",
  "'re",
  "+",
  "/",
  "==",
  "->",
  " ",
  "  ",
  "\t",
  "\n",
  "\r\n",
  " \n ",
  "😀",
  "\ud800",
  "<|endoftext|>",
);
const mixedText = fc.array(parts, { maxLength: 60 }).map((chosen) => chosen.join(""));

describe("createO200kCounter", () => {
  it("counts as gpt-tokenizer's o200k_base encoder does", () => {
    expect(count("")).toBe(0);
    expect(count("hello world")).toBe(2);
    expect(count("a <|endoftext|> b")).toBe(9);
    fc.assert(
      fc.property(fc.oneof(mixedText, fc.string({ unit: "binary", maxLength: 80 })), (text) => {
        expect(count(text)).toBe(wholeCount(text));
      }),
      { numRuns: 200 },
    );
  });

  it("counts an ASCII text, cut into pieces without the expression, as gpt-tokenizer does", () => {
    const ascii = fc.string({
      unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)),
      maxLength: 120,
    });
    const words = fc
      .array(
        fc.constantFrom("The", "API", "don't", "I'LL", " x", "  ", "\n\n ", "42", "->", "//"),
        {
          maxLength: 40,
        },
      )
      .map((chosen) => chosen.join(""));
    fc.assert(
      fc.property(fc.oneof(ascii, words), (text) => {
        expect(count(text)).toBe(wholeCount(text));
      }),
      { numRuns: 200 },
    );
  });

  it("counts a long piece, merged pair by pair, as gpt-tokenizer does", () => {
    for (const text of ["x".repeat(2_000), "ab".repeat(700), "日本語".repeat(300)]) {
      expect(count(text)).toBe(wholeCount(text));
    }
  });

  it("merges a piece longer than the scan takes, through the heap, as gpt-tokenizer does", () => {
    // Letters only, so each text is one piece of 200 to 2,400 bytes, with pairs of equal rank
    // side by side (runs of one letter), for the leftmost-first rule.
    const letters = fc.constantFrom("a", "b", "e", "n", "t", "th", "the", "aa", "é", "ß", "日本");
    fc.assert(
      fc.property(fc.array(letters, { minLength: 200, maxLength: 800 }), (chosen) => {
        const text = chosen.join("");
        expect(count(text)).toBe(wholeCount(text));
      }),
      { numRuns: 40 },
    );
  });

  it("counts the real texts as the default tokenizer counted them before", () => {
    countsRealTextsAsBefore(count, 16);
  });
});
