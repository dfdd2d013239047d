import { describe, expect, it } from "vitest";
import { defaultModelCatalog } from "./default-model-catalog.js";
import { defaultModelFallback } from "./default-model-fallback.js";
import { getModelInstructions } from "./get-model-instructions.js";
import type { Personality } from "./personality.js";
import { supportsPersonality } from "./supports-personality.js";

const personalities: (Personality | undefined)[] = [undefined, "friendly", "pragmatic", "none"];

describe("defaultModelCatalog", () => {
  it("ships the example models, then the providers' models with the windows their pages give", () => {
    const windows = defaultModelCatalog.models.map((model) => [model.slug, model.contextWindow]);
    expect(windows).toEqual([
      ["ctx-coder", 272_000],
      ["ctx-coder-long", 1_000_000],
      ["ctx-coder-mini", 128_000],
      ["gpt-6.2-sol", 922_000],
      ["gpt-6.2-astra", 272_000],
      ["gpt-6-astra", 272_000],
      ["gpt-6.1-sol", 500_000],
      ["gpt-6.1-terra", 922_000],
      ["gpt-6-sol", 922_000],
      ["gpt-6-luna", 922_000],
      ["gpt-5.6-sol", 922_000],
      ["gpt-5.6-terra", 922_000],
      ["gpt-5.6-luna", 922_000],
      ["gpt-5.5", 272_000],
      ["gpt-5-codex", 272_000],
      ["gpt-5-nano", 272_000],
      ["gpt-5-mini", 272_000],
      ["gpt-5.1", 272_000],
      ["claude-opus-4-5", 200_000],
      ["claude-opus-4-5-20251101", 200_000],
      ["claude-sonnet-4-5", 200_000],
      ["claude-sonnet-4-5-20250929", 200_000],
      ["claude-haiku-4-5", 200_000],
      ["claude-haiku-4-5-20251001", 200_000],
      ["claude-sonnet-4-6", 1_000_000],
      ["claude-opus-4-6", 1_000_000],
      ["claude-opus-4-8", 1_000_000],
      ["claude-opus-5", 1_000_000],
      ["gemini-2.5-pro", 1_048_576],
      ["gemini-2.5-flash-lite", 1_048_576],
      ["gemini-3-pro-preview", 1_048_576],
      ["gemini-3-flash-preview", 1_048_576],
      ["gemini-3.1-pro-preview", 1_048_576],
    ]);
  });

  it("gives a known provider slug its window and a compaction limit of 90 percent of it", () => {
    const sonnet = defaultModelCatalog.get("claude-sonnet-4-5");
    expect(defaultModelCatalog.has("claude-sonnet-4-5")).toBe(true);
    expect([sonnet.contextWindow, sonnet.autoCompactTokenLimit]).toEqual([200_000, 180_000]);
    const gemini = defaultModelCatalog.get("gemini-2.5-pro");
    expect([gemini.contextWindow, gemini.autoCompactTokenLimit]).toEqual([1_048_576, 943_718]);
  });

  it("prices Codex 0.171's default model from its provider page, cache writes included", () => {
    const sol = defaultModelCatalog.get("gpt-6.2-sol");
    expect(sol.pricing).toMatchObject({ input: 2, cachedInput: 0.1, cacheWrite: 2.5, output: 10 });
    expect(sol.pricing?.source.url).toBe(sol.source?.url);
    for (const model of defaultModelCatalog.models) {
      if (model.pricing === undefined) continue;
      expect(model.pricing.source.url).toMatch(
        /^https:\/\/(developers\.openai\.com|platform\.claude\.com)\//,
      );
      const quoted = [...model.pricing.source.quote.matchAll(/\$(\d+(?:\.\d+)?)/g)].map((match) =>
        Number(match[1]),
      );
      expect(quoted).toContain(model.pricing.input);
      expect(quoted).toContain(model.pricing.output);
    }
  });

  it("lists every model Codex 0.171's bundled catalog offers in its picker", () => {
    // `codex debug models --bundled` of @openai/codex 0.171.0, the entries with visibility "list".
    const listed = [
      "gpt-6.2-sol",
      "gpt-6.2-astra",
      "gpt-6-astra",
      "gpt-6.1-sol",
      "gpt-6.1-terra",
      "gpt-6-sol",
      "gpt-6-luna",
      "gpt-5.6-sol",
      "gpt-5.6-terra",
      "gpt-5.6-luna",
      "gpt-5.5",
    ];
    expect(listed.filter((slug) => !defaultModelCatalog.has(slug))).toEqual([]);
  });

  it("says which models answer prompt cache diagnostics: OpenAI's from GPT-5.6 on, no other", () => {
    const diagnosed = defaultModelCatalog.models
      .filter((model) => model.promptCacheDiagnostics !== undefined)
      .map((model) => model.slug);
    expect(diagnosed.sort()).toEqual([
      "gpt-5.6-luna",
      "gpt-5.6-sol",
      "gpt-5.6-terra",
      "gpt-6-astra",
      "gpt-6-luna",
      "gpt-6-sol",
      "gpt-6.1-sol",
      "gpt-6.1-terra",
      "gpt-6.2-astra",
      "gpt-6.2-sol",
    ]);
    expect(defaultModelCatalog.get("gpt-5.6-sol").promptCacheDiagnostics?.url).toBe(
      "https://developers.openai.com/api/docs/guides/prompt-caching/diagnostics",
    );
  });

  it("cites a provider's documentation page, with its words, for every provider model, or else what Codex 0.171 ships", () => {
    const providers = defaultModelCatalog.models.filter((model) => !model.slug.startsWith("ctx-"));
    const fromCodex: string[] = [];
    for (const model of providers) {
      expect(model.source?.quote).toMatch(/\d/);
      if (model.source?.url.startsWith("https://registry.npmjs.org/@openai/codex/") === true) {
        // No first-party page: the window is the one Codex's binary ships, named, and unpriced.
        expect(model.source.note).toContain("vendor/x86_64-unknown-linux-musl/bin/codex");
        expect(model.source.quote).toContain(`context_window: ${model.contextWindow} `);
        expect(model.pricing).toBeUndefined();
        fromCodex.push(model.slug);
        continue;
      }
      expect(model.source?.url).toMatch(
        /^https:\/\/(developers\.openai\.com|platform\.claude\.com|ai\.google\.dev|docs\.cloud\.google\.com)\//,
      );
    }
    expect(fromCodex).toEqual(["gpt-6.2-astra", "gpt-6-astra", "gpt-6.1-sol", "gpt-5.5"]);
    expect(defaultModelCatalog.models.filter((model) => model.source === undefined)).toHaveLength(
      3,
    );
  });

  it("compacts each model at 90 percent of its window, rounded down", () => {
    for (const model of defaultModelCatalog.models) {
      expect(model.autoCompactTokenLimit).toBe(Math.floor(model.contextWindow * 0.9));
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
