import { describe, expect, it } from "vitest";
import { describeWrongArgument } from "./describe-wrong-argument.js";
import { TextError } from "./text-error.js";
import { wrongArgumentText } from "./wrong-argument-text.js";

describe("wrongArgumentText", () => {
  it("is the wording describeWrongArgument returns and TextError throws", () => {
    expect(wrongArgumentText("maxBytes", "expected a count")).toBe(
      describeWrongArgument("maxBytes", "expected a count"),
    );
    expect(TextError.forArgument("maxBytes", "expected a count").message).toBe(
      "invalid maxBytes: expected a count",
    );
  });
});
