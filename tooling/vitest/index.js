// @ts-check
import { fileURLToPath } from "node:url";
import { defaultClientConditions, defaultServerConditions } from "vite";
import { configDefaults, defineConfig } from "vitest/config";

const sourceCondition = "@ctx/source";

/**
 * How long one test or hook may take. Every test takes well under a second on an idle machine;
 * the limit leaves room for two cores shared by several suites at once, so a verdict never
 * depends on how busy the machine is.
 */
const timeLimit = 30_000;

/**
 * Soak tests (`*.soak.test.ts`) run the full sizes of a sweep (every cut of a large file, hundreds
 * of killed processes, inputs of hundreds of megabytes). They are left out of `pnpm test` and run
 * only by `pnpm soak` (which sets `CTX_SOAK=1`), with a limit sized for a loaded machine.
 */
const soak = process.env.CTX_SOAK === "1";
const soakTimeLimit = 30 * 60_000;
const soakFiles = "src/**/*.soak.test.ts";

/**
 * The Vitest configuration every @ctx package uses: imports of workspace packages resolve to
 * their TypeScript sources, so tests never need a build; property tests share one case count
 * and time limit (see `fast-check-setup.js`); and each run leaves a JSON report that `.ci/run`
 * adds up.
 * @returns {import("vitest/config").ViteUserConfig}
 */
export function createVitestConfig() {
  return defineConfig({
    resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
    ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
    test: {
      include: soak ? [soakFiles] : ["src/**/*.test.ts"],
      exclude: soak ? configDefaults.exclude : [...configDefaults.exclude, soakFiles],
      setupFiles: [fileURLToPath(new URL("./fast-check-setup.js", import.meta.url))],
      testTimeout: soak ? soakTimeLimit : timeLimit,
      hookTimeout: soak ? soakTimeLimit : timeLimit,
      benchmark: { include: ["src/**/*.bench.ts"] },
      reporters: ["default", "json"],
      outputFile: { json: soak ? ".vitest/soak.json" : ".vitest/results.json" },
    },
  });
}
