import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeWrongArgument } from "./describe-wrong-argument.js";
import { TextError } from "./text-error.js";

describe("describeWrongArgument", () => {
  it("reads invalid, the argument, and the problem, for any of them", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (argument, problem) => {
        expect(describeWrongArgument(argument, problem)).toBe(`invalid ${argument}: ${problem}`);
      }),
    );
  });

  it("refuses what is not a string with a TextError naming the parameter", () => {
    expect(() => describeWrongArgument(1 as never, "x")).toThrow(
      new TextError("invalid-argument", "invalid argument: expected a string, got 1", {
        argument: "argument",
      }),
    );
    expect(() => describeWrongArgument("x", null as never)).toThrow(/^invalid problem: /);
  });
});
