import { describe, expect, it } from "vitest";
import { applyModelOverrides, type ModelOverrides } from "./apply-model-overrides.js";
import { defaultModelCatalog } from "./default-model-catalog.js";
import { getModelInstructions } from "./get-model-instructions.js";
import type { ModelInfo } from "./model-info.js";
import { PromptsError } from "./prompts-error.js";
import { supportsPersonality } from "./supports-personality.js";

const model: ModelInfo = {
  slug: "m",
  displayName: "M",
  contextWindow: 100,
  autoCompactTokenLimit: 90,
  effectiveContextWindowPercent: 95,
  truncationPolicy: { mode: "bytes", limit: 10 },
  baseInstructions: "Intro\n\n# Personality\n\nBaked.\n\n# Rules\nR",
  instructionsTemplate: "Intro\n\n# Personality\n\n{{ personality }}\n\n# Rules\nR",
  personalityMessages: { default: "D", friendly: "F", pragmatic: "P" },
};

describe("applyModelOverrides", () => {
  it("makes explicit base instructions win and switches templating off", () => {
    const overridden = applyModelOverrides(model, { baseInstructions: "Mine." });
    expect(overridden.baseInstructions).toBe("Mine.");
    expect(overridden.instructionsTemplate).toBeUndefined();
    expect(overridden.personalityMessages).toBeUndefined();
    expect(supportsPersonality(overridden)).toBe(false);
    expect(getModelInstructions(overridden, "friendly")).toBe("Mine.");
  });

  it("keeps explicit base instructions as written even with personality none", () => {
    const text = "# Personality\n\nMine.";
    expect(
      applyModelOverrides(model, { baseInstructions: text, personality: "none" }).baseInstructions,
    ).toBe(text);
  });

  it("strips the personality section from base instructions and template for none", () => {
    const stripped = applyModelOverrides(model, { personality: "none" });
    expect(stripped.baseInstructions).toBe("Intro\n\n# Rules\nR");
    expect(stripped.instructionsTemplate).toBe("Intro\n\n# Rules\nR");
    expect(getModelInstructions(stripped)).toBe("Intro\n\n# Rules\nR");
    expect(supportsPersonality(stripped)).toBe(false);
  });

  it("changes nothing for friendly, pragmatic or no personality", () => {
    expect(applyModelOverrides(model, { personality: "friendly" })).toBe(model);
    expect(applyModelOverrides(model, { personality: "pragmatic" })).toBe(model);
    expect(applyModelOverrides(model, {})).toBe(model);
  });

  it("refuses a misspelt key, naming it, rather than ignoring it", () => {
    // Before, { basInstructions } gave the model back unchanged.
    const misspelt = { basInstructions: "Mine." } as ModelOverrides;
    expect(() => applyModelOverrides(model, misspelt)).toThrow(PromptsError);
    expect(() => applyModelOverrides(model, misspelt)).toThrow(
      expect.objectContaining({
        argument: "overrides",
        message: expect.stringContaining("basInstructions"),
      }),
    );
  });

  it("refuses an unknown personality, and overrides or a model of the wrong shape", () => {
    const grumpy = { personality: "grumpy" } as unknown as ModelOverrides;
    expect(() => applyModelOverrides(model, grumpy)).toThrow(/^invalid overrides: personality: /);
    expect(() => applyModelOverrides(model, null as never)).toThrow(/^invalid overrides: /);
    // Before, a model of 42 came back as 42.
    expect(() => applyModelOverrides(42 as never, {})).toThrow(/^invalid model: /);
    const { slug: _slug, ...noSlug } = model;
    expect(() => applyModelOverrides(noSlug as ModelInfo, {})).toThrow(/^invalid model: slug: /);
  });

  it("leaves the catalog's own entry untouched and returns a frozen copy", () => {
    const entry = defaultModelCatalog.get("ctx-coder");
    const stripped = applyModelOverrides(entry, { personality: "none" });
    expect(Object.isFrozen(stripped)).toBe(true);
    expect(entry.instructionsTemplate).toContain("# Personality");
    expect(stripped.instructionsTemplate).not.toContain("# Personality");
    expect(stripped.slug).toBe("ctx-coder");
  });
});
