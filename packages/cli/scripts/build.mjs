// Builds the `ctx` command: one bundle from the TypeScript sources (this package's and the @ctx
// packages', through the @ctx/source condition, so no other package needs building first), split
// so that each command loads only its own code when it runs and the o200k_base tables load only
// when a token count needs them. What Node reads at start is then a few files, not hundreds.
//
//   node scripts/build.mjs [folder]
//
// Writes into `dist` (what `npm install` puts on a user's PATH), or into `folder`, a folder of
// this package beside `dist` (the bundle reads `../package.json`): each test run builds the same
// bundle into a `.bundle-<pid>` of its own before it runs, so the tests never need `pnpm build`
// first and never race a build writing `dist`, nor another run's bundle.
import { rm } from "node:fs/promises";
import { build } from "esbuild";
import { packedRanksPlugin } from "../../../scripts/packed-ranks-plugin.mjs";

const packageFolder = new URL("..", import.meta.url).pathname;
const outdir = process.argv[2] ?? "dist";
await rm(new URL(`${outdir}/`, new URL("..", import.meta.url)), { recursive: true, force: true });
await build({
  absWorkingDir: packageFolder,
  entryPoints: { bin: "src/bin.ts" },
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  conditions: ["@ctx/source"],
  chunkNames: "chunks/[name]-[hash]",
  // Bundled CommonJS modules may `require` Node's own modules, which an ES module has no
  // `require` for: give them one.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);',
  },
  legalComments: "linked",
  plugins: [packedRanksPlugin()],
  logLevel: "warning",
});
