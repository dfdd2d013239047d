// @ts-check
// Type-checks the whole workspace in one `tsc -b` over every program that a package's own
// `typecheck` script builds (`tsc -b <programs>`, so each package keeps its own list, and
// `pnpm --filter @ctx/<name> typecheck` checks one package and those it imports). One process
// parses the declarations every program shares (Node's types, zod, Vitest, each package's
// `.typecheck/` output) once instead of once per package: on this repository's 34 programs it
// took a third of the CPU time of a turbo run of each package's script.
//
// Usage: `pnpm typecheck [tsc -b options]`, e.g. `pnpm typecheck --verbose` or `--force`.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { typecheckPrograms, workspacePackages } from "./workspace-packages.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const programs = workspacePackages(root).flatMap((entry) =>
  (typecheckPrograms(entry) ?? []).map((program) => relative(root, join(entry.directory, program))),
);
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const result = spawnSync(process.execPath, [tsc, "-b", ...programs, ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
if (result.error !== undefined) throw result.error;
process.exit(result.status ?? 1);
