import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getModelInstructions } from "./get-model-instructions.js";
import type { Personality } from "./personality.js";
import { PromptsError } from "./prompts-error.js";

// The reference's own template test: only the friendly message is defined.
const helloModel = {
  baseInstructions: "base instructions",
  instructionsTemplate: "Hello\n{{ personality }}",
  personalityMessages: { friendly: "friendly" },
};

describe("getModelInstructions", () => {
  it("fills the template with the friendly message: Hello\\nfriendly", () => {
    expect(getModelInstructions(helloModel, "friendly")).toBe("Hello\nfriendly");
  });

  it("fills an empty string for a missing message, for none, and for no personality", () => {
    expect(getModelInstructions(helloModel, "pragmatic")).toBe("Hello\n");
    expect(getModelInstructions(helloModel, "none")).toBe("Hello\n");
    expect(getModelInstructions(helloModel)).toBe("Hello\n");
  });

  it("uses the default message when no personality is given", () => {
    const model = { ...helloModel, personalityMessages: { default: "steady", friendly: "warm" } };
    expect(getModelInstructions(model)).toBe("Hello\nsteady");
  });

  it("prefers the template even when base instructions exist", () => {
    expect(getModelInstructions(helloModel, "friendly")).not.toContain("base instructions");
  });

  it("uses the base instructions, whatever the personality, when there is no template", () => {
    const model = { baseInstructions: "Be careful.", personalityMessages: { friendly: "warm" } };
    expect(getModelInstructions(model, "friendly")).toBe("Be careful.");
    expect(getModelInstructions(model)).toBe("Be careful.");
  });

  it("fills every placeholder, and only the exact spelling with spaces", () => {
    const model = {
      baseInstructions: "",
      instructionsTemplate: "{{ personality }}|{{personality}}|{{ personality }}",
      personalityMessages: { pragmatic: "P" },
    };
    expect(getModelInstructions(model, "pragmatic")).toBe("P|{{personality}}|P");
  });

  it("removes the personality section for none, from templates and base instructions alike", () => {
    const template = "Intro\n\n# Personality\n\n{{ personality }}\n\n# Rules\nBe brief.";
    expect(
      getModelInstructions({ baseInstructions: "", instructionsTemplate: template }, "none"),
    ).toBe("Intro\n\n# Rules\nBe brief.");
    const baked = "Intro\n\n# Personality\n\nWarm.\n\n# Rules\nBe brief.";
    expect(getModelInstructions({ baseInstructions: baked }, "none")).toBe(
      "Intro\n\n# Rules\nBe brief.",
    );
    expect(getModelInstructions({ baseInstructions: baked }, "friendly")).toBe(baked);
  });

  it("refuses a personality it does not know, rather than filling in an empty one", () => {
    // Before, each of these gave the template with "," under `# Personality`.
    for (const personality of ["grumpy", "Friendly", "", " none"]) {
      const run = () => getModelInstructions(helloModel, personality as Personality);
      expect(run, personality).toThrow(PromptsError);
      expect(run, personality).toThrow(
        expect.objectContaining({
          argument: "personality",
          message: expect.stringMatching(/^invalid personality: /),
        }),
      );
    }
  });

  it("refuses a model that is not one, naming the field at fault", () => {
    expect(() => getModelInstructions(null as never)).toThrow(/^invalid model: /);
    expect(() => getModelInstructions({} as never)).toThrow(/^invalid model: baseInstructions: /);
    const messages = { baseInstructions: "", personalityMessages: { friendly: 1 } };
    expect(() => getModelInstructions(messages as never, "friendly")).toThrow(
      /^invalid model: personalityMessages\.friendly: /,
    );
  });

  it("inserts any message literally, with no replacement patterns expanded", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { minLength: 1, maxLength: 4 }),
        fc.string(),
        (parts, message) => {
          const template = parts.join("{{ personality }}");
          const model = {
            baseInstructions: "",
            instructionsTemplate: template,
            personalityMessages: { friendly: message },
          };
          const expected = template.split("{{ personality }}").join(message);
          expect(getModelInstructions(model, "friendly")).toBe(expected);
        },
      ),
    );
    const model = {
      baseInstructions: "",
      instructionsTemplate: "a{{ personality }}b",
      personalityMessages: { friendly: "$&$'$`" },
    };
    expect(getModelInstructions(model, "friendly")).toBe("a$&$'$`b");
  });
});
