// How far the bytes/4 estimate is from o200k_base on this repository's own texts (issue #13).
//   pnpm --filter @ctx/session bench                      every file
//   CTX_BENCH_QUICK=1 pnpm --filter @ctx/session bench    the first 3 files of each group
// The error of one file is |estimate − o200k| / o200k; the figure is its mean over the files.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { benchSize } from "@ctx/vitest-config/bench";
import { approximateTokenizer, loadDefaultTokenizer } from "../src/index.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const print = (line: string) => process.stdout.write(`${line}\n`);

/** Every file under `directory` whose name passes `keep`, skipping dependencies and builds. */
function filesUnder(directory: string, keep: (name: string) => boolean): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      return ["node_modules", "dist", ".git", ".readme", ".vitest"].includes(entry.name)
        ? []
        : filesUnder(path, keep);
    }
    return keep(entry.name) ? [path] : [];
  });
}

const packages = join(root, "packages");
const groups: Record<string, string[]> = {
  "README.md files": [
    join(root, "README.md"),
    ...filesUnder(packages, (name) => name === "README.md"),
  ],
  "AGENTS.md": [join(root, "AGENTS.md")],
  "TypeScript sources": filesUnder(packages, (name) => name.endsWith(".ts")),
  "the prompts' texts": filesUnder(join(packages, "prompts", "src", "data"), (name) =>
    name.endsWith(".md"),
  ),
};

const o200k = await loadDefaultTokenizer();
const everyError: number[] = [];
let estimated = 0;
let counted = 0;
const mean = (values: readonly number[]) =>
  values.reduce((total, value) => total + value, 0) / values.length;
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

for (const [group, all] of Object.entries(groups)) {
  const sorted = [...all].sort();
  const files = sorted.slice(0, benchSize(sorted.length, 3));
  const errors: number[] = [];
  let worst = { file: "", error: 0 };
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const exact = o200k.count(text);
    if (exact === 0) continue;
    const estimate = approximateTokenizer.count(text);
    const error = Math.abs(estimate - exact) / exact;
    errors.push(error);
    estimated += estimate;
    counted += exact;
    if (error > worst.error) worst = { file: relative(root, file), error };
  }
  everyError.push(...errors);
  print(
    `${group}: ${errors.length} files, mean relative error of bytes/4 ${percent(mean(errors))} (worst ${percent(worst.error)}, ${worst.file})`,
  );
}
print(
  `all ${everyError.length} files: mean relative error of bytes/4 against o200k_base ${percent(mean(everyError))}; in all, bytes/4 gives ${estimated} tokens where o200k_base counts ${counted} (${percent(estimated / counted - 1)})`,
);
