import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Bundles `rollout-worker.ts` with the package's sources into one plain ES module, so each child
 * process starts with bare `node` instead of a TypeScript loader: hundreds of killed children
 * then cost seconds, not minutes.
 */
export async function buildRolloutWorker(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), "ctx-rollout-worker-"));
  const conditions = ["@ctx/source"];
  await build({
    configFile: false,
    logLevel: "silent",
    root: join(here, "../../.."),
    resolve: { conditions },
    ssr: { noExternal: true, resolve: { conditions, externalConditions: conditions } },
    build: {
      ssr: join(here, "rollout-worker.ts"),
      outDir,
      emptyOutDir: false,
      minify: false,
      rollupOptions: { output: { format: "es", entryFileNames: "rollout-worker.mjs" } },
    },
  });
  return join(outDir, "rollout-worker.mjs");
}
