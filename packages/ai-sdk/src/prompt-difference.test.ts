import type { ResponseItem } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { promptDifference } from "./prompt-difference.js";
import { toPrompt } from "./to-prompt.js";

const user = (text: string): ResponseItem => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});

function settings(input: readonly ResponseItem[], instructions = "Be brief.") {
  const prompt = toPrompt({ instructions, input });
  return { ...prompt, messages: [...prompt.messages] };
}

describe("promptDifference", () => {
  it("names the message where the history parts, and the instructions when they change", () => {
    const previous = settings([user("Fix the test."), user("Thanks.")]);
    const next = settings([user("Fix the tests."), user("Thanks.")]);
    const difference = promptDifference(previous, next);
    expect(difference?.part).toBe("message 0 (user)");
    expect(difference?.offset).toBe(JSON.stringify(next).indexOf("tests.") + "test".length);
    expect(
      promptDifference(previous, settings([user("Fix the test."), user("Thanks.")], "Be thorough."))
        ?.part,
    ).toBe("instruction 0 (system)");
    expect(
      promptDifference(previous, settings([user("Fix the test."), user("Thanks.")])),
    ).toBeUndefined();
  });
});
