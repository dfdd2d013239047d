// @ts-check
import { fileURLToPath } from "node:url";
import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

const sourceCondition = "@ctx/source";

/**
 * How long one test or hook may take. Every test takes well under a second on an idle machine;
 * the limit leaves room for two cores shared by several suites at once, so a verdict never
 * depends on how busy the machine is.
 */
const timeLimit = 30_000;

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
      include: ["src/**/*.test.ts"],
      setupFiles: [fileURLToPath(new URL("./fast-check-setup.js", import.meta.url))],
      testTimeout: timeLimit,
      hookTimeout: timeLimit,
      benchmark: { include: ["src/**/*.bench.ts"] },
      reporters: ["default", "json"],
      outputFile: { json: ".vitest/results.json" },
    },
  });
}
