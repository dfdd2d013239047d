import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byteLength, elementsLength, keepElementsLength, keptLength } from "./json-lengths.js";

const written = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe("byteLength", () => {
  it("is the UTF-8 length of the JSON written, for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(byteLength(value)).toBe(written(value));
      }),
    );
    expect(byteLength({ text: "é😀\n" })).toBe(written({ text: "é😀\n" }));
  });

  it("reads a frozen value's length once, and a list's from its kept length", () => {
    const frozen = Object.freeze({ text: "abc" });
    expect(byteLength(frozen)).toBe(written(frozen));
    const list = ["a", "bc"];
    expect(elementsLength(list, 2)).toBe(8);
    expect(keptLength(list)).toBe(8);
    expect(byteLength(list)).toBe(written(list));
    // A kept length follows the list's length and last element, not its middle.
    list.push("d");
    expect(keptLength(list)).toBeUndefined();
    const copy = ["a", "bc", "d"];
    keepElementsLength(copy, 12);
    expect(keptLength(copy)).toBe(12);
    keepElementsLength(copy, undefined);
    expect(keptLength(copy)).toBeUndefined();
  });
});
