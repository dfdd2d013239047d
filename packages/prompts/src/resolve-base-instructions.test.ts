import { describe, expect, it } from "vitest";
import { getModelInstructions } from "./get-model-instructions.js";
import type { Personality } from "./personality.js";
import { PromptsError } from "./prompts-error.js";
import { resolveBaseInstructions } from "./resolve-base-instructions.js";

const model = {
  baseInstructions: "base",
  instructionsTemplate: "T:{{ personality }}",
  personalityMessages: { default: "d", friendly: "f", pragmatic: "p" },
};

describe("resolveBaseInstructions", () => {
  it("prefers the explicit override to everything else, even when it is empty", () => {
    expect(resolveBaseInstructions({ override: "O", fromHistory: "H", model })).toBe("O");
    expect(resolveBaseInstructions({ override: "", fromHistory: "H", model })).toBe("");
  });

  it("keeps the instructions saved in the resumed session over the model's", () => {
    expect(resolveBaseInstructions({ fromHistory: "H", model, personality: "friendly" })).toBe("H");
  });

  it("falls back to the model's instructions for the personality", () => {
    expect(resolveBaseInstructions({ model, personality: "friendly" })).toBe("T:f");
    expect(resolveBaseInstructions({ model, personality: "none" })).toBe("T:");
  });

  it("takes pragmatic as the personality when none is configured", () => {
    expect(resolveBaseInstructions({ model })).toBe("T:p");
    expect(resolveBaseInstructions({ model })).toBe(getModelInstructions(model, "pragmatic"));
  });

  it("refuses an unknown personality, a misspelt source and a missing model", () => {
    // Before, "grumpy" gave "T:," and { overide } was ignored.
    const grumpy = { model, personality: "grumpy" as Personality };
    expect(() => resolveBaseInstructions(grumpy)).toThrow(/^invalid sources: personality: /);
    const misspelt = { overide: "O", model } as Parameters<typeof resolveBaseInstructions>[0];
    expect(() => resolveBaseInstructions(misspelt)).toThrow(PromptsError);
    expect(() => resolveBaseInstructions(misspelt)).toThrow("overide");
    expect(() => resolveBaseInstructions({ override: "O" } as never)).toThrow(
      /^invalid sources: model: /,
    );
    expect(() => resolveBaseInstructions(null as never)).toThrow(/^invalid sources: /);
  });
});
