import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// A package's README is its public surface: every name its entry exports, values and types alike,
// is written there in backticks, or on a `docs/` page it links to. The packages below hold to it;
// another joins the list once its README names every export (the registry's own test checks its
// catalogue by another rule: each kind under the camel-case name of its type).

const root = join(import.meta.dirname, "..", "..", "..");
const listed = [
  "agents-md",
  "ai-sdk",
  "anthropic",
  "fragment-git-status",
  "fragments",
  "openai",
  "prompts",
  "protocol",
  "rollout",
  "rollout-jsonl",
  "rollout-postgres",
  "session",
  "skills",
  "text",
];

/** The names `src/index.ts` exports, read from its `export { … }` lists. */
function exportedNames(folder: string): string[] {
  const index = readFileSync(join(root, "packages", folder, "src", "index.ts"), "utf8");
  return [...index.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((match) =>
    (match[1] ?? "")
      .split(",")
      .map((part) => part.trim().replace(/^type\s+/, ""))
      .filter((name) => name !== ""),
  );
}

/** The reference pages the README links to (`docs/*.md`), which count as part of it. */
function docsPages(folder: string): string[] {
  const docs = join(root, "packages", folder, "docs");
  return existsSync(docs)
    ? readdirSync(docs)
        .filter((file) => file.endsWith(".md"))
        .map((file) => join(docs, file))
    : [];
}

describe("each README (with its docs pages) names every export of its package", () => {
  it.each(listed)("@ctx/%s", async (folder) => {
    const names = exportedNames(folder);
    const module = (await import(/* @vite-ignore */ `@ctx/${folder}`)) as object;
    for (const name of Object.keys(module)) expect(names).toContain(name);
    const readme = [join(root, "packages", folder, "README.md"), ...docsPages(folder)]
      .map((path) => readFileSync(path, "utf8"))
      .join("\n");
    expect(names.filter((name) => !new RegExp(`\`${name}\\b`).test(readme))).toEqual([]);
  });
});
