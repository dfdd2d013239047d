import { readFileSync } from "node:fs";
import { transformWithOxc } from "vite";
import { describe, expect, it } from "vitest";
import {
  modelsModulePath,
  readDataFiles,
  renderBundledDataModules,
  textsModulePath,
  toTemplateLiteral,
} from "../../scripts/generate-bundled-data.mjs";
import { codexTexts } from "../__fixtures__/codex-texts.js";
import { createModelCatalog } from "../create-model-catalog.js";
import { defaultModelCatalog } from "../default-model-catalog.js";
import { defaultModelFallback } from "../default-model-fallback.js";
import { bundledFallback, bundledModels } from "./bundled-models.js";
import { bundledTexts } from "./bundled-texts.js";

const files = readDataFiles();

// Every text of `bundledTexts`, keyed by the path of the file it comes from, found by walking
// the object rather than by the generator's naming rule.
function textsByPath(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (value: unknown, path: string): void => {
    if (typeof value === "string") found.set(path, value);
    else if (typeof value === "object" && value !== null) {
      for (const [name, child] of Object.entries(value)) {
        const part = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
        walk(child, path === "" ? part : `${path}/${part}`);
      }
    }
  };
  walk(bundledTexts, "");
  return found;
}

// Lower-case words, apostrophes and backticks kept, so phrasing is compared and layout is not.
function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9_`'-]+/g) ?? [];
}

/**
 * The generated modules' exports, run from their source: the texts' module as a data URL, which
 * the catalog's module imports in place of its file.
 */
async function runModules(modules: { texts: string; models: string }) {
  const url = async (source: string, name: string) =>
    `data:text/javascript,${encodeURIComponent((await transformWithOxc(source, name)).code)}`;
  const textsUrl = await url(modules.texts, "bundled-texts.ts");
  const models = modules.models.replace('"./bundled-texts.js"', JSON.stringify(textsUrl));
  const texts: { bundledTexts: Record<string, string> } = await import(textsUrl);
  const catalog: {
    bundledFallback: { baseInstructions: string };
    bundledModels: { baseInstructions: string; instructionsTemplate: string }[];
  } = await import(await url(models, "bundled-models.ts"));
  return { ...texts, ...catalog };
}

describe("the generated modules", () => {
  it("are what the generator writes from the data files today (run `pnpm generate` after editing one)", () => {
    const modules = renderBundledDataModules(files);
    expect(readFileSync(textsModulePath, "utf8")).toBe(modules.texts);
    expect(readFileSync(modelsModulePath, "utf8")).toBe(modules.models);
  });

  it("holds every Markdown file, without its trailing white space, and nothing else", () => {
    const markdown = [...files].filter(([path]) => path.endsWith(".md"));
    expect(markdown.length).toBeGreaterThan(20);
    expect(textsByPath()).toEqual(
      new Map(markdown.map(([path, text]) => [path.slice(0, -".md".length), text.trimEnd()])),
    );
  });

  it("keeps backslashes, backticks, `${` and carriage returns through a template literal", async () => {
    const tricky = ["a\\b `code` $", "{not} \r\n$&\u2028end"].join("");
    const source = `export const text = ${toTemplateLiteral(tricky)};`;
    const module: { text: string } = await import(
      `data:text/javascript,${encodeURIComponent(source)}`
    );
    expect(module.text).toBe(tricky);
  });

  it("gives a template entry without base instructions the template filled with its default message, writing the template once", async () => {
    const modules = renderBundledDataModules(
      new Map([
        [
          "models.json",
          JSON.stringify({
            fallback: { baseInstructions: { file: "plain.md" } },
            models: [
              {
                slug: "t",
                instructionsTemplate: { file: "template.md" },
                personalityMessages: { default: { file: "calm.md" } },
              },
              { slug: "u", instructionsTemplate: { file: "twice.md" } },
            ],
          }),
        ],
        ["template.md", "Intro\n\n# Personality\n\n{{ personality }}\n\n# Work `x`\n"],
        ["twice.md", "A {{ personality }} B {{ personality }} C"],
        ["calm.md", "Calm.\n"],
        ["plain.md", "Plain.\n\n"],
      ]),
    );
    expect(modules.texts).toContain("  plain: `Plain.`,\n");
    expect(modules.models).toContain(
      '    baseInstructions: templateWithCalmPersonality,\n    slug: "t",\n    instructionsTemplate: bundledTexts.template,\n',
    );
    expect(modules.models).toContain("baseInstructions: bundledTexts.plain,\n");
    const source = `${modules.texts}${modules.models}`;
    expect(source.split("Intro")).toHaveLength(2);
    expect(source.split("# Work")).toHaveLength(2);
    const module = await runModules(modules);
    expect(module.bundledTexts.template).toBe(
      "Intro\n\n# Personality\n\n{{ personality }}\n\n# Work `x`",
    );
    expect(module.bundledTexts.twice).toBe("A {{ personality }} B {{ personality }} C");
    expect(module.bundledFallback.baseInstructions).toBe("Plain.");
    expect(module.bundledModels.map((model) => model.baseInstructions)).toEqual([
      "Intro\n\n# Personality\n\nCalm.\n\n# Work `x`",
      "A  B  C",
    ]);
    expect(module.bundledModels.map((model) => model.instructionsTemplate)).toEqual([
      module.bundledTexts.template,
      module.bundledTexts.twice,
    ]);
  });

  it("refuses a catalog file that is missing, is not JSON, has another shape, or names a missing file", () => {
    const render = (catalog: string | undefined) =>
      renderBundledDataModules(new Map(catalog === undefined ? [] : [["models.json", catalog]]));
    expect(() => render(undefined)).toThrow("models.json is missing");
    expect(() => render("{ fallback: ")).toThrow("models.json is not valid JSON");
    expect(() => render("[]")).toThrow('models.json must be { "fallback"');
    expect(() => render('{ "fallback": {}, "models": {} }')).toThrow('must be { "fallback"');
    expect(() =>
      render(JSON.stringify({ fallback: {}, models: [{ baseInstructions: { file: "gone.md" } }] })),
    ).toThrow("missing Markdown file: gone.md");
  });
});

describe("bundledTexts", () => {
  it("has no empty text", () => {
    for (const [path, text] of textsByPath()) expect(text.trim(), path).not.toBe("");
  });

  it("keeps every placeholder the code fills in", () => {
    const { instructions, permissions } = bundledTexts;
    expect(instructions.codingAgent).toContain("{{ personality }}");
    for (const text of Object.values(permissions.sandbox)) {
      expect(text).toContain("{{ network_access }}");
    }
    expect(permissions.writableRootsOne).toContain("{{ roots }}");
    expect(permissions.writableRootsSeveral).toContain("{{ roots }}");
  });

  it("opens each approval section with its protocol heading", () => {
    const { approval } = bundledTexts.permissions;
    expect(approval.escalationRequests.startsWith("# Escalation Requests\n")).toBe(true);
    expect(approval.permissionRequests.startsWith("# Permission Requests\n")).toBe(true);
    expect(approval.requestPermissionsTool.startsWith("# request_permissions Tool\n\n")).toBe(true);
    expect(approval.granular.startsWith("# Approval Requests\n\n")).toBe(true);
  });

  it("spells the protocol names of the reference exactly", () => {
    const { approval, sandbox } = bundledTexts.permissions;
    expect(sandbox.readOnly).toContain("`sandbox_mode` is `read-only`");
    expect(sandbox.workspaceWrite).toContain("`sandbox_mode` is `workspace-write`");
    expect(sandbox.dangerFullAccess).toContain("`sandbox_mode` is `danger-full-access`");
    expect(approval.never).toContain("`sandbox_permissions`");
    expect(approval.untrusted).toContain("`approval_policy` is `unless-trusted`");
    expect(approval.granular).toContain("`granular`");
    expect(approval.autoReview).toContain("`approvals_reviewer` is `auto_review`");
    expect(approval.autoReview).toContain("`require_escalated`");
    expect(approval.requestPermissionsTool).toContain("`request_permissions`");
  });
  it("keeps the heading skeleton of the escalation and permission request sections", () => {
    const headings = (text: string) => text.split("\n").filter((line) => line.startsWith("#"));
    expect(headings(bundledTexts.permissions.approval.escalationRequests)).toEqual([
      "# Escalation Requests",
      "## How to request escalation",
      "## When to request escalation",
      "## prefix_rule guidance",
      "### Banned prefix_rules",
      "### Examples",
    ]);
    expect(bundledTexts.permissions.approval.escalationRequests).toContain(
      '`sandbox_permissions` set to `"require_escalated"`',
    );
    expect(bundledTexts.permissions.approval.escalationRequests).toContain("`justification`");
    expect(bundledTexts.permissions.approval.escalationRequests).toContain("`prefix_rule`");
    expect(headings(bundledTexts.permissions.approval.permissionRequests)).toEqual([
      "# Permission Requests",
      "## Preferred request mode",
      "## Escalation Requests",
      "## Command segmentation reminder",
    ]);
    for (const field of [
      '"with_additional_permissions"',
      "`additional_permissions`",
      "`network.enabled`",
      "`file_system.read`",
      "`file_system.write`",
    ]) {
      expect(bundledTexts.permissions.approval.permissionRequests).toContain(field);
    }
  });

  it("gives the coding-agent template a personality section holding the placeholder", () => {
    expect(bundledTexts.instructions.codingAgent).toContain(
      "\n# Personality\n\n{{ personality }}\n\n# ",
    );
  });

  it("has substantial base instructions covering AGENTS.md, planning, tools, sandbox and reporting", () => {
    const template = bundledTexts.instructions.codingAgent;
    expect(template.length).toBeGreaterThan(6000);
    for (const heading of [
      "# AGENTS.md files",
      "# Planning",
      "# Tools and commands",
      "# Sandbox and approvals",
      "# Verification",
      "# Communicating",
    ]) {
      expect(template.split("\n")).toContain(heading);
    }
  });

  it("shares no run of eight words with the texts Codex wrote into real rollouts", () => {
    const size = 8;
    const codex = new Set<string>();
    for (const text of codexTexts()) {
      const list = words(text);
      for (let index = 0; index + size <= list.length; index += 1) {
        codex.add(list.slice(index, index + size).join(" "));
      }
    }
    expect(codex.size).toBeGreaterThan(10_000);
    const shared: string[] = [];
    for (const [path, text] of files) {
      if (!path.endsWith(".md")) continue;
      const list = words(text);
      for (let index = 0; index + size <= list.length; index += 1) {
        const run = list.slice(index, index + size).join(" ");
        if (codex.has(run)) shared.push(`${path}: ${run}`);
      }
    }
    expect(shared).toEqual([]);
  });
});

describe("bundledModels and bundledFallback", () => {
  it("pass the checks createModelCatalog makes of a user's entries", () => {
    const checked = createModelCatalog(bundledModels, { fallback: bundledFallback });
    expect(checked.models).toEqual(defaultModelCatalog.models);
    expect(checked.fallback).toEqual(defaultModelFallback);
  });
});
