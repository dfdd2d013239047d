import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeValue } from "./describe-value.js";

describe("describeValue", () => {
  it.each([
    [null, "null"],
    [undefined, "undefined"],
    [[1, 2], "an array"],
    [{ secret: "x" }, "an object"],
    ["", "an empty string"],
    ["password", "a string"],
    [42, "42"],
    [Number.NaN, "NaN"],
    [true, "boolean"],
    [Symbol("s"), "symbol"],
    [10n, "bigint"],
    [() => 0, "function"],
  ])("describes %o as %s", (value, description) => {
    expect(describeValue(value)).toBe(description);
  });

  it("never throws and never prints a string's or an object's contents", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const description = describeValue(value);
        if (typeof value === "string" && value !== "") expect(description).toBe("a string");
        if (typeof value === "object" && value !== null) {
          expect(["an array", "an object"]).toContain(description);
        }
      }),
    );
  });

  it("describes an object whose toString throws without calling it", () => {
    const hostile = {
      toString: () => {
        throw new Error("called");
      },
    };
    expect(describeValue(hostile)).toBe("an object");
    expect(describeValue(Object.create(null))).toBe("an object");
  });
});
