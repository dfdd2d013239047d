import { describe, expect, it } from "vitest";
import { isSnapshots } from "./snapshots.js";

describe("isSnapshots", () => {
  it("takes an object of values, never an array or null", () => {
    expect([{}, { a: 1 }, [], null, 1, "x"].map(isSnapshots)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
