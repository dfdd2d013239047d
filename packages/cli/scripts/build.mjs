// Builds the `ctx` command: one bundle from the TypeScript sources (this package's and the @ctx
// packages', through the @ctx/source condition, so no other package needs building first), split
// so that each command loads only its own code when it runs and the o200k_base tables load only
// when a token count needs them. What Node reads at start is then a few files, not hundreds.
import { rm } from "node:fs/promises";
import { build } from "esbuild";

const dist = new URL("../dist/", import.meta.url);
await rm(dist, { recursive: true, force: true });
await build({
  absWorkingDir: new URL("..", import.meta.url).pathname,
  entryPoints: { bin: "src/bin.ts" },
  outdir: "dist",
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
  logLevel: "warning",
});
