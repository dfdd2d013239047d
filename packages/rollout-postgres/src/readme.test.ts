import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { databaseUrl } from "./__fixtures__/test-database.js";

// The README and the reference page it links to.
const readme = ["../README.md", "../docs/reference.md"]
  .map((page) => readFileSync(new URL(page, import.meta.url), "utf8"))
  .join("\n");
const generated = fileURLToPath(new URL("../.readme/", import.meta.url));
const source = fileURLToPath(new URL("./index.ts", import.meta.url));

/** The README's examples that need a live server: fenced `ts live-database`, which the integration suite leaves out. */
const examples = [...readme.matchAll(/^```ts live-database\n([\s\S]*?)^```$/gm)].map(
  (match) => match[1] ?? "",
);

describe.runIf(databaseUrl !== undefined)("the README", () => {
  it("has a live example, and it runs against the test server", async () => {
    expect(examples.length).toBeGreaterThan(0);
    mkdirSync(generated, { recursive: true });
    process.env.DATABASE_URL = databaseUrl;
    for (const [index, example] of examples.entries()) {
      const file = `${generated}example-${index}.ts`;
      writeFileSync(
        file,
        example.replaceAll('from "@ctx/rollout-postgres"', `from ${JSON.stringify(source)}`),
      );
      await import(file);
    }
  });
});
