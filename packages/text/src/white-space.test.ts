import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isBlank, isWhiteSpace, trimWhiteSpace } from "./white-space.js";

const whiteSpace = [
  "\t",
  "\n",
  "\v",
  "\f",
  "\r",
  " ",
  "\u0085",
  "\u00a0",
  "\u1680",
  "\u2000",
  "\u2005",
  "\u200a",
  "\u2028",
  "\u2029",
  "\u202f",
  "\u205f",
  "\u3000",
];

describe("isWhiteSpace", () => {
  it("agrees with the Unicode White_Space property on every code unit", () => {
    const oracle = /^\p{White_Space}$/u;
    const wrong: number[] = [];
    for (let unit = 0; unit <= 0xffff; unit += 1) {
      if (isWhiteSpace(unit) !== oracle.test(String.fromCharCode(unit))) wrong.push(unit);
    }
    expect(wrong).toEqual([]);
  });

  it("accepts exactly Unicode White_Space", () => {
    for (const character of whiteSpace) expect(isWhiteSpace(character.charCodeAt(0))).toBe(true);
  });

  it("treats the byte order mark and zero-width space as text, unlike String.prototype.trim", () => {
    expect(isWhiteSpace(0xfeff)).toBe(false);
    expect(isWhiteSpace(0x200b)).toBe(false);
    expect("\ufeffx".trim()).toBe("x");
    expect(trimWhiteSpace("\ufeffx")).toBe("\ufeffx");
  });
});

describe("trimWhiteSpace", () => {
  it("strips next-line characters that String.prototype.trim keeps", () => {
    expect(trimWhiteSpace("\u0085 body \u0085")).toBe("body");
  });

  it("returns the empty string for white space alone", () => {
    expect(trimWhiteSpace(" \n\u3000")).toBe("");
  });

  it("agrees with String.prototype.trim on text without U+0085 or U+FEFF", () => {
    const text = fc.string({
      unit: fc.constantFrom(...whiteSpace.filter((c) => c !== "\u0085"), "a", "é", "<"),
    });
    fc.assert(fc.property(text, (value) => trimWhiteSpace(value) === value.trim()));
  });
});

describe("isBlank", () => {
  it("is true for empty text and white space alone, including next-line", () => {
    expect(isBlank("")).toBe(true);
    expect(isBlank(" \n\u0085\u3000")).toBe(true);
    expect(isBlank("\ufeff")).toBe(false);
    expect(isBlank(" a ")).toBe(false);
  });
});
