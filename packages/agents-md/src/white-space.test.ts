import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isBlank, isWhiteSpace, trimWhiteSpace } from "./white-space.js";

describe("isWhiteSpace", () => {
  it("follows Rust's trim: next-line is white space, the byte order mark is text", () => {
    expect(isWhiteSpace(0x85)).toBe(true);
    expect(isWhiteSpace(0x3000)).toBe(true);
    expect(isWhiteSpace(0xfeff)).toBe(false);
    expect(isWhiteSpace(0x200b)).toBe(false);
    expect(isWhiteSpace("a".charCodeAt(0))).toBe(false);
  });
});

describe("trimWhiteSpace", () => {
  it("keeps a leading byte order mark that String.prototype.trim would drop", () => {
    expect(trimWhiteSpace("\ufeff rules \n")).toBe("\ufeff rules");
    expect("\ufeff rules \n".trim()).toBe("rules");
  });

  it("strips next-line characters at both ends", () => {
    expect(trimWhiteSpace("\u0085\n global \u0085")).toBe("global");
  });

  it("agrees with String.prototype.trim on text without U+0085 or U+FEFF", () => {
    const unit = fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u2003", "a", "é", "#");
    fc.assert(fc.property(fc.string({ unit }), (text) => trimWhiteSpace(text) === text.trim()));
  });
});

describe("isBlank", () => {
  it("is true for empty text and white space alone", () => {
    expect(isBlank("")).toBe(true);
    expect(isBlank(" \n\t\r\u3000")).toBe(true);
    expect(isBlank(" x ")).toBe(false);
    expect(isBlank("\ufeff")).toBe(false);
    expect(isBlank("\ufffd")).toBe(false);
  });
});
