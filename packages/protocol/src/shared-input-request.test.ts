import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ProtocolError } from "./protocol-error.js";
import { inputSourceOf, sharedInputRequest } from "./shared-input-request.js";

describe("sharedInputRequest", () => {
  it("gives the first items as a copy made on first read, and the source until then", () => {
    fc.assert(
      fc.property(fc.nat(10), fc.nat(10), (length, added) => {
        const items = Array.from({ length: length + added }, (_, index) => ({ index }));
        const request = sharedInputRequest({ instructions: "x" }, items, length);
        expect(inputSourceOf(request)).toEqual({ items, length });
        const input = request.input;
        items.push({ index: -1 });
        expect(input).toEqual(items.slice(0, length));
        expect(input).not.toBe(items);
        expect(inputSourceOf(request)).toBeUndefined();
        expect({ ...request }).toEqual({ instructions: "x", input });
      }),
    );
  });

  it("refuses fields that are not an object, items that are not an array, a length out of range", () => {
    expect(() => sharedInputRequest(null as never, [], 0)).toThrow(ProtocolError);
    expect(() => sharedInputRequest({}, {} as never, 0)).toThrow("items: expected an array");
    expect(() => sharedInputRequest({}, [{}], 2)).toThrow("length: expected a whole number");
    expect(() => sharedInputRequest({}, [{}], 0.5)).toThrow("length: expected a whole number");
    expect(() => sharedInputRequest({}, [{}, null], 2)).toThrow(
      "items: expected an array of items",
    );
  });
});
