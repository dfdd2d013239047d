import { describe, expect, it } from "vitest";
import { getPersonalityMessage } from "./get-personality-message.js";

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
});
