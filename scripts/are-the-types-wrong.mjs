// @ts-check
// The types half of a package's `publint` script: packs the package in the current folder with
// `pnpm pack` (the tarball that is published, its `workspace:` and `catalog:` specifiers
// rewritten) into a temporary folder, and runs Are the Types Wrong (`attw`) on that tarball with
// the options given. `attw --pack` would pack with `npm pack`, which cost 1.3 s of CPU per package
// (pnpm's takes 0.02 s): about 20 s of the publint step in `.ci/run`, which the bench waits for.
//
//   node ../../scripts/are-the-types-wrong.mjs --profile esm-only
//
// Exits with attw's status; the tarball is removed either way.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const folder = mkdtempSync(join(tmpdir(), "ctx-attw-"));
try {
  execFileSync("pnpm", ["pack", "--pack-destination", folder], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const tarballs = readdirSync(folder).filter((file) => file.endsWith(".tgz"));
  if (tarballs.length !== 1) {
    throw new Error(`pnpm pack left ${tarballs.length} tarballs in ${folder}, not one`);
  }
  const tarball = join(folder, tarballs[0] ?? "");
  const result = spawnSync("pnpm", ["exec", "attw", tarball, ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  if (result.error !== undefined) throw result.error;
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
