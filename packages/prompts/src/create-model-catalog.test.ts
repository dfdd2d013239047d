import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CatalogError } from "./catalog-error.js";
import { createModelCatalog } from "./create-model-catalog.js";
import { defaultModelFallback } from "./default-model-fallback.js";
import type { ModelFallback, ModelInfo } from "./model-info.js";
import { PromptsError } from "./prompts-error.js";

const houseModel: ModelInfo = {
  slug: "house-model",
  displayName: "House model",
  contextWindow: 200_000,
  autoCompactTokenLimit: 180_000,
  effectiveContextWindowPercent: 90,
  truncationPolicy: { mode: "tokens", limit: 8_000 },
  baseInstructions: "You are the house coding agent.",
};

const requiredFields = [
  "slug",
  "displayName",
  "contextWindow",
  "autoCompactTokenLimit",
  "effectiveContextWindowPercent",
  "truncationPolicy",
  "baseInstructions",
] as const;

// Hands a deliberately broken entry to createModelCatalog, as a JSON file would.
function catalogOf(...entries: unknown[]) {
  return createModelCatalog(entries as ModelInfo[]);
}

function catalogErrorOf(run: () => unknown): CatalogError {
  try {
    run();
  } catch (error) {
    if (CatalogError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a CatalogError");
}

describe("createModelCatalog", () => {
  it("finds a model by slug, keeping every field", () => {
    const catalog = createModelCatalog([houseModel]);
    expect(catalog.get("house-model")).toEqual(houseModel);
    expect(catalog.has("house-model")).toBe(true);
    expect(catalog.models).toEqual([houseModel]);
  });

  it("gives an unknown slug the documented fallback: 272,000 tokens, 95 percent", () => {
    const catalog = createModelCatalog([houseModel]);
    const model = catalog.get("mystery-model");
    expect(catalog.has("mystery-model")).toBe(false);
    expect(model.slug).toBe("mystery-model");
    expect(model.displayName).toBe("mystery-model");
    expect(model.contextWindow).toBe(272_000);
    expect(model.effectiveContextWindowPercent).toBe(95);
    expect(model.autoCompactTokenLimit).toBe(244_800);
    expect(model.truncationPolicy).toEqual({ mode: "bytes", limit: 10_000 });
    expect(model).toEqual({
      ...defaultModelFallback,
      slug: "mystery-model",
      displayName: "mystery-model",
    });
  });

  it("uses a fallback of the caller's choosing for unknown slugs", () => {
    const fallback: ModelFallback = {
      ...defaultModelFallback,
      contextWindow: 64_000,
      autoCompactTokenLimit: 60_000,
    };
    const catalog = createModelCatalog([houseModel], { fallback });
    expect(catalog.get("other").contextWindow).toBe(64_000);
    expect(catalog.fallback).toEqual(fallback);
  });

  it("does not take a slug inherited from Object.prototype for a model", () => {
    const catalog = createModelCatalog([houseModel]);
    expect(catalog.has("constructor")).toBe(false);
    expect(catalog.get("__proto__").contextWindow).toBe(272_000);
  });

  it("freezes the catalog and its entries, and copies rather than keeps the caller's objects", () => {
    const entry = structuredClone(houseModel);
    const catalog = createModelCatalog([entry]);
    const model = catalog.get("house-model");
    expect(Object.isFrozen(model)).toBe(true);
    expect(Object.isFrozen(model.truncationPolicy)).toBe(true);
    expect(Object.isFrozen(catalog.models)).toBe(true);
    expect(Object.isFrozen(catalog.get("unknown"))).toBe(true);
    expect(Object.isFrozen(entry)).toBe(false);
  });

  it("keeps optional fields only when given", () => {
    const model = createModelCatalog([
      {
        ...houseModel,
        instructionsTemplate: "Hi\n{{ personality }}",
        personalityMessages: { friendly: "warm" },
        permissionsText: { sandbox: { readOnly: "" }, approval: { onRequest: "Ask." } },
      },
    ]).get("house-model");
    expect(model.instructionsTemplate).toBe("Hi\n{{ personality }}");
    expect(model.personalityMessages).toEqual({ friendly: "warm" });
    expect(model.permissionsText).toEqual({
      sandbox: { readOnly: "" },
      approval: { onRequest: "Ask." },
    });
    expect("instructionsTemplate" in createModelCatalog([houseModel]).get("house-model")).toBe(
      false,
    );
  });

  it("names the slug and the missing field", () => {
    const { contextWindow: _window, ...entry } = houseModel;
    const error = catalogErrorOf(() => catalogOf(houseModel, { ...entry, slug: "second" }));
    expect(error.slug).toBe("second");
    expect(error.index).toBe(1);
    expect(error.field).toBe("contextWindow");
    expect(error.message).toBe(
      'model catalog entry "second" (index 1): field "contextWindow": missing (expected number)',
    );
  });

  it("names the slug and the field that has the wrong type", () => {
    const error = catalogErrorOf(() =>
      catalogOf({ ...houseModel, truncationPolicy: { mode: "lines", limit: 10 } }),
    );
    expect(error.slug).toBe("house-model");
    expect(error.field).toBe("truncationPolicy.mode");
    expect(error.message).toContain(
      'model catalog entry "house-model" (index 0): field "truncationPolicy.mode"',
    );
  });

  it("names an unknown field, so a misspelt optional field is not silently dropped", () => {
    const error = catalogErrorOf(() => catalogOf({ ...houseModel, instructionTemplate: "x" }));
    expect(error.field).toBe("instructionTemplate");
    expect(error.message).toContain('field "instructionTemplate": unknown field');
  });

  it("names the entry by position when its slug is missing or unusable", () => {
    const { slug: _slug, ...entry } = houseModel;
    const missing = catalogErrorOf(() => catalogOf(entry));
    expect(missing.slug).toBeUndefined();
    expect(missing.field).toBe("slug");
    expect(missing.message).toBe(
      'model catalog entries[0]: field "slug": missing (expected string)',
    );
    const empty = catalogErrorOf(() => catalogOf({ ...houseModel, slug: "" }));
    expect(empty.slug).toBeUndefined();
    expect(empty.field).toBe("slug");
  });

  it("keeps a cited source and refuses one whose page is not an https URL", () => {
    const source = { url: "https://example.com/models/house", quote: "200K tokens" };
    expect(createModelCatalog([{ ...houseModel, source }]).get("house-model").source).toEqual(
      source,
    );
    expect(() =>
      createModelCatalog([{ ...houseModel, source: { ...source, url: "http://example.com" } }]),
    ).toThrow(CatalogError);
    expect(() =>
      createModelCatalog(
        JSON.parse(
          '[{"slug":"x","displayName":"x","contextWindow":1,"autoCompactTokenLimit":1,"effectiveContextWindowPercent":95,"truncationPolicy":{"mode":"bytes","limit":1},"baseInstructions":"","source":{"url":"https://example.com"}}]',
        ),
      ),
    ).toThrow(/quote/);
  });

  it("refuses an auto-compact limit larger than the context window", () => {
    const error = catalogErrorOf(() =>
      catalogOf({ ...houseModel, autoCompactTokenLimit: houseModel.contextWindow + 1 }),
    );
    expect(error.field).toBe("autoCompactTokenLimit");
    expect(error.message).toContain("must not be larger than contextWindow");
  });

  it("refuses a percentage outside 1 to 100 and a window that is not a positive integer", () => {
    expect(
      catalogErrorOf(() => catalogOf({ ...houseModel, effectiveContextWindowPercent: 120 })).field,
    ).toBe("effectiveContextWindowPercent");
    expect(catalogErrorOf(() => catalogOf({ ...houseModel, contextWindow: 1.5 })).field).toBe(
      "contextWindow",
    );
    expect(catalogErrorOf(() => catalogOf({ ...houseModel, contextWindow: -1 })).field).toBe(
      "contextWindow",
    );
  });

  it("refuses a slug that repeats an earlier one", () => {
    const error = catalogErrorOf(() =>
      catalogOf(houseModel, { ...houseModel, displayName: "Again" }),
    );
    expect(error.slug).toBe("house-model");
    expect(error.index).toBe(1);
    expect(error.field).toBe("slug");
  });

  it("refuses entries that are not a list, and a broken fallback", () => {
    expect(() => createModelCatalog({} as unknown as ModelInfo[])).toThrow(CatalogError);
    expect(() => createModelCatalog(null as never)).toThrow(
      "model catalog entries: the entries must be a list",
    );
    const { baseInstructions: _base, ...fallback } = defaultModelFallback;
    const error = catalogErrorOf(() =>
      createModelCatalog([houseModel], { fallback: fallback as ModelFallback }),
    );
    expect(error.index).toBeUndefined();
    expect(error.argument).toBe("options.fallback");
    expect(error.message).toBe(
      'model catalog fallback: field "baseInstructions": missing (expected string)',
    );
  });

  it("refuses a hole in a sparse list as an entry at fault", () => {
    // Before, the hole was skipped and `models` kept it: a list with an empty slot.
    const sparse: ModelInfo[] = [];
    sparse[1] = houseModel;
    const error = catalogErrorOf(() => createModelCatalog(sparse));
    expect(error.index).toBe(0);
    expect(error.argument).toBe("entries");
  });

  it("refuses options that are not an options object", () => {
    // Before, null options threw a TypeError reading `fallback`, and 42 or "x" were ignored.
    for (const options of [null, 42, "x", [], { fallbacks: defaultModelFallback }]) {
      expect(() => createModelCatalog([houseModel], options as never)).toThrow(
        expect.objectContaining({ name: "PromptsError", argument: "options" }),
      );
    }
  });

  it("refuses a slug that is not a non-empty string in get and has", () => {
    // Before, get(42) returned a model whose slug was 42, and get(null) one whose slug was null.
    const catalog = createModelCatalog([houseModel]);
    for (const slug of [42, null, undefined, {}, ""]) {
      expect(() => catalog.get(slug as string)).toThrow(PromptsError);
      expect(() => catalog.get(slug as string)).toThrow(/^invalid slug: /);
      expect(() => catalog.has(slug as string)).toThrow(/^invalid slug: /);
    }
  });

  it("names the slug and the field for any one required field left out", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...requiredFields.filter((field) => field !== "slug")),
        fc.stringMatching(/^[a-z][a-z0-9.-]{0,20}$/),
        (field, slug) => {
          const entry: Record<string, unknown> = { ...houseModel, slug };
          delete entry[field];
          const error = catalogErrorOf(() => catalogOf(entry));
          expect(error.slug).toBe(slug);
          expect(error.field).toBe(field);
          expect(error.message).toContain(`"${slug}"`);
          expect(error.message).toContain(`"${field}"`);
        },
      ),
    );
  });

  it("names the slug and the field for any required field of the wrong type", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...requiredFields.filter((field) => field !== "slug")),
        fc.oneof(fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })),
        (field, value) => {
          const error = catalogErrorOf(() => catalogOf({ ...houseModel, [field]: value }));
          expect(error.slug).toBe("house-model");
          expect(error.field).toBe(field);
        },
      ),
    );
  });
});
