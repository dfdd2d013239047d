import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeUtf8Lossy,
  encodeUtf8,
  incompleteTailLength,
  isValidUtf8,
  splitsCharacter,
} from "./utf8.js";

const text = fc.string({ unit: fc.constantFrom("a", "é", "€", "😀", "\n", "\ufeff") });

/** Whether byte offset `at` of `value`'s UTF-8 falls between two characters. */
function isBoundary(value: string, at: number): boolean {
  let offset = 0;
  for (const character of value) {
    if (offset === at) return true;
    offset += encodeUtf8(character).length;
  }
  return offset === at;
}

describe("decodeUtf8Lossy", () => {
  it("keeps a byte order mark and carriage returns", () => {
    expect(decodeUtf8Lossy(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a))).toBe("\ufeffa\r\n");
  });

  it("replaces invalid bytes and a cut character with U+FFFD", () => {
    expect(decodeUtf8Lossy(encodeUtf8("project\u0000").with(7, 0xff))).toBe("project\ufffd");
    expect(decodeUtf8Lossy(Uint8Array.of(0x68, 0xc3))).toBe("h\ufffd");
  });
});

describe("isValidUtf8", () => {
  it("accepts UTF-8 and refuses a stray continuation byte", () => {
    expect(isValidUtf8(encodeUtf8("héllo 😀"))).toBe(true);
    expect(isValidUtf8(Uint8Array.of(0x61, 0x80))).toBe(false);
  });
});

describe("splitsCharacter", () => {
  it("is true exactly when the cut is not between two characters", () => {
    fc.assert(
      fc.property(text, fc.nat(), (value, seed) => {
        const bytes = encodeUtf8(value);
        const at = bytes.length === 0 ? 0 : seed % (bytes.length + 1);
        return splitsCharacter(bytes, at) === !isBoundary(value, at);
      }),
    );
  });
});

describe("incompleteTailLength", () => {
  it("measures the start of a character left at the end by a cut", () => {
    fc.assert(
      fc.property(text, fc.nat(), (value, seed) => {
        const bytes = encodeUtf8(value);
        const at = bytes.length === 0 ? 0 : seed % (bytes.length + 1);
        const prefix = bytes.subarray(0, at);
        const tail = incompleteTailLength(prefix);
        return isValidUtf8(prefix.subarray(0, at - tail)) && (tail === 0) === isBoundary(value, at);
      }),
    );
  });
});
