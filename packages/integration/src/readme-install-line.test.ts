import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// A user reads a package's README from its top: the first thing there is the line that installs
// it with what its first example imports, and every path a README names in this repository
// exists.

const root = join(import.meta.dirname, "..", "..", "..");
const published = readdirSync(join(root, "packages")).filter((folder) => {
  const manifest = JSON.parse(readFileSync(join(root, "packages", folder, "package.json"), "utf8"));
  return manifest.private !== true;
});

/** The package a specifier names: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return (specifier.startsWith("@") ? parts.slice(0, 2) : parts.slice(0, 1)).join("/");
}

describe("each package README", () => {
  // The CLI's README is its own helper's (a command installs with `npm install --global`).
  it.each(published.filter((folder) => folder !== "cli"))(
    "@ctx/%s opens with a pnpm add line naming what its first example imports",
    (folder) => {
      const readme = readFileSync(join(root, "packages", folder, "README.md"), "utf8");
      const opening = /^# @ctx\/[a-z-]+\n\n```sh\npnpm add ([^\n]+)\n```\n/.exec(readme);
      expect(opening?.[1]?.split(" ")[0]).toBe(`@ctx/${folder}`);
      const installed = opening?.[1]?.split(" ") ?? [];
      const firstExample = /```ts\n([\s\S]*?)\n```/.exec(readme)?.[1] ?? "";
      const imported = [...firstExample.matchAll(/from "([^"]+)"/g)]
        .map((match) => packageOf(match[1] ?? ""))
        .filter((name) => !name.startsWith("node:"));
      expect(imported.filter((name) => !installed.includes(name))).toEqual([]);
    },
  );

  it.each(readdirSync(join(root, "packages")))(
    "@ctx/%s links only to files that exist",
    (folder) => {
      const readme = readFileSync(join(root, "packages", folder, "README.md"), "utf8");
      const named = [...readme.matchAll(/`(examples\/[^`]+\.ts)`/g)].map((match) => match[1] ?? "");
      const linked = [...readme.matchAll(/\]\((\.\.\/\.\.\/[^)#]+)\)/g)].map((match) =>
        (match[1] ?? "").slice("../../".length),
      );
      const pages = [...readme.matchAll(/\]\((docs\/[^)#]+)\)/g)].map((match) =>
        join("packages", folder, match[1] ?? ""),
      );
      expect(
        [...named, ...linked, ...pages].filter((path) => !existsSync(join(root, path))),
      ).toEqual([]);
    },
  );
});
