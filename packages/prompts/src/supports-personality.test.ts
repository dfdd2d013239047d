import { describe, expect, it } from "vitest";
import { PromptsError } from "./prompts-error.js";
import { supportsPersonality } from "./supports-personality.js";

const messages = { default: "", friendly: "warm", pragmatic: "brief" };

describe("supportsPersonality", () => {
  it("holds for a template with the placeholder and all three messages, even an empty one", () => {
    expect(
      supportsPersonality({
        instructionsTemplate: "Hi {{ personality }}",
        personalityMessages: messages,
      }),
    ).toBe(true);
  });

  it("fails without a template, or with a template lacking the exact placeholder", () => {
    expect(supportsPersonality({ personalityMessages: messages })).toBe(false);
    expect(supportsPersonality({ instructionsTemplate: "Hi", personalityMessages: messages })).toBe(
      false,
    );
    expect(
      supportsPersonality({
        instructionsTemplate: "Hi {{personality}}",
        personalityMessages: messages,
      }),
    ).toBe(false);
  });

  it("fails when any of the three messages is missing", () => {
    for (const name of ["default", "friendly", "pragmatic"] as const) {
      const { [name]: _dropped, ...rest } = messages;
      expect(
        supportsPersonality({
          instructionsTemplate: "{{ personality }}",
          personalityMessages: rest,
        }),
      ).toBe(false);
    }
    expect(supportsPersonality({ instructionsTemplate: "{{ personality }}" })).toBe(false);
  });

  it("refuses a model that is not an object, or whose template is not a string", () => {
    expect(() => supportsPersonality(null as never)).toThrow(PromptsError);
    expect(() => supportsPersonality({ instructionsTemplate: 1 } as never)).toThrow(
      /^invalid model: instructionsTemplate: /,
    );
  });
});
