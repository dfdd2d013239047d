import { describe, expect, it } from "vitest";
import { defaultModelCatalog } from "./default-model-catalog.js";
import { defaultModelFallback } from "./default-model-fallback.js";
import { getModelInstructions } from "./get-model-instructions.js";
import type { Personality } from "./personality.js";
import { supportsPersonality } from "./supports-personality.js";

const personalities: (Personality | undefined)[] = [undefined, "friendly", "pragmatic", "none"];

describe("defaultModelCatalog", () => {
  it("ships example models with distinct context windows", () => {
    const windows = defaultModelCatalog.models.map((model) => [model.slug, model.contextWindow]);
    expect(windows).toEqual([
      ["ctx-coder", 272_000],
      ["ctx-coder-long", 1_000_000],
      ["ctx-coder-mini", 128_000],
    ]);
  });

  it("compacts each example model at 90 percent of its window", () => {
    for (const model of defaultModelCatalog.models) {
      expect(model.autoCompactTokenLimit).toBe(model.contextWindow * 0.9);
      expect(model.effectiveContextWindowPercent).toBe(95);
    }
  });

  it("has template entries that take a personality and one entry with plain base instructions", () => {
    expect(supportsPersonality(defaultModelCatalog.get("ctx-coder"))).toBe(true);
    expect(supportsPersonality(defaultModelCatalog.get("ctx-coder-long"))).toBe(true);
    const mini = defaultModelCatalog.get("ctx-coder-mini");
    expect(mini.instructionsTemplate).toBeUndefined();
    expect(supportsPersonality(mini)).toBe(false);
    expect(getModelInstructions(mini, "friendly")).toBe(mini.baseInstructions);
  });

  it("gives the template entries base instructions with the default personality filled in", () => {
    const model = defaultModelCatalog.get("ctx-coder");
    expect(model.baseInstructions).toBe(getModelInstructions(model));
    expect(model.baseInstructions).toContain(model.personalityMessages?.default ?? "missing");
  });

  it("never sends a placeholder or an empty personality heading, whatever the personality", () => {
    for (const model of [...defaultModelCatalog.models, defaultModelCatalog.get("unknown")]) {
      for (const personality of personalities) {
        const instructions = getModelInstructions(model, personality);
        expect(instructions).not.toContain("{{");
        expect(instructions).not.toMatch(/# Personality\n\s*(#|$)/);
        expect(instructions.includes("\n# Personality\n")).toBe(personality !== "none");
      }
    }
  });

  it("puts each personality's own message into the instructions", () => {
    const model = defaultModelCatalog.get("ctx-coder");
    const messages = model.personalityMessages;
    expect(getModelInstructions(model, "friendly")).toContain(messages?.friendly ?? "missing");
    expect(getModelInstructions(model, "pragmatic")).toContain(messages?.pragmatic ?? "missing");
    expect(new Set([messages?.default, messages?.friendly, messages?.pragmatic]).size).toBe(3);
  });

  it("falls back for unknown slugs to the coding-agent template with 272,000 tokens", () => {
    const model = defaultModelCatalog.get("gpt-unknown");
    expect(defaultModelCatalog.has("gpt-unknown")).toBe(false);
    expect(model).toEqual({
      ...defaultModelFallback,
      slug: "gpt-unknown",
      displayName: "gpt-unknown",
    });
    expect(model.contextWindow).toBe(272_000);
    expect(model.effectiveContextWindowPercent).toBe(95);
    expect(supportsPersonality(model)).toBe(true);
  });
});
