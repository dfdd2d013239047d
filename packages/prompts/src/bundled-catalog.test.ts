import { CtxError } from "@ctx/text";
import { describe, expect, it } from "vitest";
import { loadBundledCatalog } from "./bundled-catalog.js";

const catalogFile = (models: unknown[], fallback: unknown = {}) =>
  JSON.stringify({ fallback, models });

describe("loadBundledCatalog", () => {
  it("replaces file references by the files' text, without trailing white space", () => {
    const catalog = loadBundledCatalog({
      "models.json": catalogFile([
        { slug: "a", baseInstructions: { file: "a.md" }, contextWindow: 10 },
      ]),
      "a.md": "Be useful.\n\n",
    });
    expect(catalog.models).toEqual([
      { slug: "a", baseInstructions: "Be useful.", contextWindow: 10 },
    ]);
  });

  it("derives the base instructions of a template entry from its default personality message", () => {
    const catalog = loadBundledCatalog({
      "models.json": catalogFile([
        {
          slug: "t",
          instructionsTemplate: { file: "t.md" },
          personalityMessages: { default: { file: "d.md" }, friendly: { file: "f.md" } },
        },
      ]),
      "t.md": "Intro\n\n# Personality\n\n{{ personality }}\n",
      "d.md": "Calm.\n",
      "f.md": "Warm.\n",
    });
    expect(catalog.models[0]).toEqual({
      slug: "t",
      baseInstructions: "Intro\n\n# Personality\n\nCalm.",
      instructionsTemplate: "Intro\n\n# Personality\n\n{{ personality }}",
      personalityMessages: { default: "Calm.", friendly: "Warm." },
    });
  });

  it("refuses a reference to a file that does not exist, naming it", () => {
    const files = { "models.json": catalogFile([{ baseInstructions: { file: "gone.md" } }]) };
    expect(() => loadBundledCatalog(files)).toThrow(CtxError);
    expect(() => loadBundledCatalog(files)).toThrow("missing file: gone.md");
  });

  it("refuses a catalog file that is not JSON", () => {
    expect(() => loadBundledCatalog({ "models.json": "{ fallback: " })).toThrow(CtxError);
    expect(() => loadBundledCatalog({})).toThrow("models.json");
  });

  it("refuses a catalog file of the wrong shape", () => {
    expect(() => loadBundledCatalog({ "models.json": "[]" })).toThrow("models.json");
    expect(() =>
      loadBundledCatalog({ "models.json": catalogFile([{ baseInstructions: "inline text" }]) }),
    ).toThrow("models[0].baseInstructions");
  });
});
