import { describe, expect, it } from "vitest";
import { findWithin } from "./find-within.js";

describe("findWithin", () => {
  it("finds the character within the limit and gives up past it", () => {
    expect(findWithin("<external_key>value", 10, ">", 256)).toBe(13);
    expect(findWithin("<external_key>value", 10, ">", 2)).toBe(-1);
    expect(findWithin("abc", 0, "z", 10)).toBe(-1);
  });
});
