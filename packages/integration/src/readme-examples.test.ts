import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";
import { readmeExamples } from "./readme-example.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const generated = fileURLToPath(new URL("../.readme/", import.meta.url));

/** The reference pages a README links to: `packages/<name>/docs/*.md`, run as its examples are. */
const docsPages = (name: string): string[] => {
  try {
    return readdirSync(join(root, "packages", name, "docs"))
      .filter((file) => file.endsWith(".md"))
      .map((file) => join("packages", name, "docs", file));
  } catch {
    return [];
  }
};

const readmes = [
  "README.md",
  ...readdirSync(join(root, "packages"))
    .filter((name) => name !== "integration")
    .flatMap((name) => [join("packages", name, "README.md"), ...docsPages(name)]),
].filter((path) => {
  try {
    readFileSync(join(root, path));
    return true;
  } catch {
    return false;
  }
});

rmSync(generated, { recursive: true, force: true });
mkdirSync(generated, { recursive: true });

// A README without a ts example (a private tool's, say) has nothing to run.
const withExamples = readmes.filter(
  (readme) => readmeExamples(readme, readFileSync(join(root, readme), "utf8")).length > 0,
);

describe.each(withExamples)("the examples in %s", (readme) => {
  const examples = readmeExamples(readme, readFileSync(join(root, readme), "utf8"));
  it.each(examples.map((example, index) => ({ ...example, index })))(
    "$location runs and shows true values",
    async ({ source, index }) => {
      const file = join(generated, `${readme.replaceAll("/", "-")}-${index}.ts`);
      writeFileSync(file, source);
      await import(file);
    },
  );
});
