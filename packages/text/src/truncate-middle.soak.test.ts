import { describe, it } from "vitest";
import { expectLargeCut } from "./__fixtures__/expect-large-cut.js";

describe("truncateMiddle on large input, full size", () => {
  it("cuts 64 MB of text to the budget without copying it into an array", () => {
    expectLargeCut(64);
  });
});
