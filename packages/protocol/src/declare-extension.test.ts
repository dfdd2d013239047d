import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { declareExtension, extendedInput } from "./declare-extension.js";
import { ProtocolError } from "./protocol-error.js";

const items = (count: number) => Array.from({ length: count }, (_, index) => ({ index }));

describe("declareExtension", () => {
  it("records what an input extends and how long it was, for any lengths", () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(5), (length, added) => {
        const previous = items(length);
        const input = [...previous, ...items(added)];
        declareExtension(input, previous);
        expect(extendedInput(input)).toEqual({ previous, length });
        expect(extendedInput(input)?.previous).toBe(previous);
      }),
      { numRuns: 100 },
    );
  });

  it("says nothing of an input that was not declared", () => {
    expect(extendedInput(items(2))).toBeUndefined();
  });

  it("refuses an input that is shorter or does not begin with the same items", () => {
    const previous = items(3);
    expect(() => declareExtension(previous.slice(0, 2), previous)).toThrow(ProtocolError);
    expect(() => declareExtension([{ index: 0 }, ...previous.slice(1)], previous)).toThrow(
      "expected to begin with the items of previous",
    );
    expect(() => declareExtension([...previous.slice(0, 2), { index: 2 }], previous)).toThrow(
      "input: expected to begin with the items of previous",
    );
  });
});
