// Builds the JavaScript of the package in the current folder: each entry of its `exports` map
// that names a source (`@ctx/source`) and a built file (`default`) becomes that one built file,
// with the package's own modules bundled in and every other package (its dependencies, Node's
// modules) left as an import. Entries of one package share their common code through chunks, so
// a class exists once however many entries reach it. Node then reads one file per package where
// it read one per source module, which is most of what an import cost at start. The declarations
// come from `tsc --emitDeclarationOnly` beside it, with `noCheck` (tooling/typescript/build.json):
// `pnpm typecheck` checks the same sources, so the build only emits, at half the CPU time of
// checking each package again.
//
//   node ../../scripts/bundle-package.mjs && tsc -p tsconfig.build.json    (a package's `build`)
//
// It empties `dist` first, so no module of an earlier, unbundled build is left to be published.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { packedRanksPlugin } from "./packed-ranks-plugin.mjs";

const folder = process.cwd();
const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
const entryPoints = {};
for (const target of Object.values(manifest.exports ?? {})) {
  if (typeof target !== "object" || target === null) continue;
  const source = target["@ctx/source"];
  const built = target.default;
  if (typeof source !== "string" || typeof built !== "string") continue;
  const name = built.replace(/^\.\/dist\//, "").replace(/\.js$/, "");
  if (name === built) throw new Error(`${manifest.name}: ${built} is not a .js file under ./dist/`);
  entryPoints[name] = source;
}
if (Object.keys(entryPoints).length === 0) {
  throw new Error(`${manifest.name}: no exports entry names both "@ctx/source" and "default"`);
}
rmSync(join(folder, "dist"), { recursive: true, force: true });
await build({
  absWorkingDir: folder,
  entryPoints,
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  packages: "external",
  chunkNames: "chunks/[name]-[hash]",
  // Error classes name themselves after their constructor (`new.target.name`): a bundle must not
  // rename them when two modules declare the same name.
  keepNames: true,
  plugins: [packedRanksPlugin({ embed: true })],
  logLevel: "warning",
});
