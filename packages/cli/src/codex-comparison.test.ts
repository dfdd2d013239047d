import { defaultModelCatalog, resolveBaseInstructions } from "@ctx/prompts";
import { describe, expect, it } from "vitest";
import { codexComparison } from "./codex-comparison.js";

const model = defaultModelCatalog.get("ctx-coder");
const instructions = resolveBaseInstructions({ model, personality: "pragmatic" });
const base = {
  model: "ctx-coder",
  personality: "pragmatic",
  instructions,
  baseFromFile: false,
  permissionsBytes: 3092,
  withTools: false,
  skills: true,
  bundledSkills: true,
  onRequest: 0,
} as const;

describe("codexComparison", () => {
  it("says which texts are @ctx's own and lists what Codex's default model is sent besides, with sizes", () => {
    const [wording, modelLine, codexLine, left] = codexComparison({
      ...base,
      codexModel: "gpt-6.2-sol",
    });
    expect(wording).toContain("the permissions text (3,092 B) are @ctx's own wording");
    expect(wording).toContain(
      "Codex 0.171 sends 25,959 B of its own base instructions for gpt-6.2-sol",
    );
    expect(modelLine).toMatch(
      /^The model \(ctx-coder\) chose @ctx's base instructions \(the same bytes as \d+ other catalog models\) and the context window \(272,000 tokens\)/,
    );
    expect(codexLine).toContain(
      "its tool definitions 23,135 B (pass --tools FILE to count yours); <collaboration_mode> 1,056 B; <multi_agent_role> 2,400 B; <multi_agent_mode> 271 B; its bundled skills",
    );
    expect(left).toBe("Not shown: the user's message; MCP servers, apps and plugins.");
  });

  it("lists the skills usage section and the tools notice for a model that gets them, and no bundled skills when they are off", () => {
    const lines = codexComparison({
      ...base,
      codexModel: "gpt-5.5",
      bundledSkills: false,
      onRequest: 2,
    });
    expect(lines[2]).toBe(
      'Not shown, as Codex 0.171 sends them for gpt-5.5 (sizes measured from its 0.171.0 binary): the <tools> notice 104 B; a "How to use skills" section in skills_instructions 2,554 B.',
    );
    expect(lines[3]).toBe(
      "Not shown: the user's message; 2 skills offered only when asked for by name; MCP servers, apps and plugins.",
    );
  });

  it("names model_context_window as the window's source when it is set", () => {
    const lines = codexComparison({ ...base, codexModel: "gpt-6.2-sol", contextWindow: 100_000 });
    expect(lines[1]).toContain(
      "the context window that budgets the skills (100,000 tokens) is model_context_window's",
    );
  });

  it("says so for a model Codex does not list, and for instructions from a file", () => {
    const lines = codexComparison({ ...base, codexModel: "claude-sonnet-4-5", baseFromFile: true });
    expect(lines[0]).toMatch(
      /^Whose words: the base instructions are your model_instructions_file/,
    );
    expect(lines[2]).toBe(
      "Codex 0.171 does not list claude-sonnet-4-5: what it would send besides these blocks is not known here.",
    );
  });
});
