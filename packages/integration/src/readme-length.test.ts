import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// A package's README is read from its top in under five minutes: its install line, one example
// before the first section, and no more than about 1,100 words; the long reference is a
// `docs/` page it links to, whose examples run as the README's do.

const root = join(import.meta.dirname, "..", "..", "..");
const folders = readdirSync(join(root, "packages"));
const published = folders.filter(
  (folder) =>
    JSON.parse(readFileSync(join(root, "packages", folder, "package.json"), "utf8")).private !==
    true,
);
const readmeOf = (folder: string) =>
  readFileSync(join(root, "packages", folder, "README.md"), "utf8");

describe("each package README", () => {
  it.each(folders)("@ctx/%s holds no more than 1,100 words", (folder) => {
    expect(readmeOf(folder).split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(1_100);
  });

  it.each(published)("@ctx/%s shows an example before its first section", (folder) => {
    const opening = readmeOf(folder).split(/^## /m)[0] ?? "";
    // The install block, then the example: TypeScript, or the command's own lines for the CLI.
    expect(opening.match(/^```(ts|sh)( [\w-]+)?$/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
  });
});
