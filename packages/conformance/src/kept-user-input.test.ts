import { describe, expect, it } from "vitest";
import { isKeptUserInput } from "./kept-user-input.js";

describe("isKeptUserInput", () => {
  const prompts = new Set(["Requirement 1: fast.\nRequirement 2: safe.", "Thanks."]);

  it("recognises the head, the elision note and the tail of a cut prompt", () => {
    expect(isKeptUserInput("Requirement 1: fa", prompts)).toBe(true);
    expect(isKeptUserInput("…6012 tokens truncated…", prompts)).toBe(true);
    expect(isKeptUserInput("2: safe.", prompts)).toBe(true);
  });

  it("recognises nothing else: a whole prompt, a stranger's text, an empty one", () => {
    expect(isKeptUserInput("Thanks.", prompts)).toBe(false);
    expect(isKeptUserInput("Requirement 3", prompts)).toBe(false);
    expect(isKeptUserInput("", prompts)).toBe(false);
    expect(isKeptUserInput("…many tokens truncated…", prompts)).toBe(false);
  });
});
