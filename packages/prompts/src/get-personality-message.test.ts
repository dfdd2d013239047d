import { describe, expect, it } from "vitest";
import { getPersonalityMessage } from "./get-personality-message.js";
import type { Personality } from "./personality.js";
import { PromptsError } from "./prompts-error.js";

const model = { personalityMessages: { default: "D", friendly: "F", pragmatic: "P" } };

describe("getPersonalityMessage", () => {
  it("picks the message of the personality, and the default one when none is given", () => {
    expect(getPersonalityMessage(model, "friendly")).toBe("F");
    expect(getPersonalityMessage(model, "pragmatic")).toBe("P");
    expect(getPersonalityMessage(model)).toBe("D");
  });

  it("gives an empty message for none, and for a message or a model without messages", () => {
    expect(getPersonalityMessage(model, "none")).toBe("");
    expect(getPersonalityMessage({ personalityMessages: {} }, "friendly")).toBe("");
    expect(getPersonalityMessage({}, "pragmatic")).toBe("");
    expect(getPersonalityMessage({})).toBe("");
  });

  it("refuses a personality it does not know, and a model that is not an object", () => {
    // Before, "grumpy" gave undefined, and 42 for the model gave "".
    expect(() => getPersonalityMessage(model, "grumpy" as Personality)).toThrow(
      /^invalid personality: /,
    );
    expect(() => getPersonalityMessage(42 as never)).toThrow(PromptsError);
    expect(() => getPersonalityMessage({ personalityMessages: [] } as never)).toThrow(
      /^invalid model: personalityMessages: /,
    );
  });
});
