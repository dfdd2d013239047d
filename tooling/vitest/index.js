// @ts-check
import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

const sourceCondition = "@ctx/source";

/**
 * The Vitest configuration every @ctx package uses: imports of workspace packages resolve to
 * their TypeScript sources, so tests never need a build, and each run leaves a JSON report
 * that `.ci/run` adds up.
 * @returns {import("vitest/config").ViteUserConfig}
 */
export function createVitestConfig() {
  return defineConfig({
    resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
    ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
    test: {
      include: ["src/**/*.test.ts"],
      benchmark: { include: ["src/**/*.bench.ts"] },
      reporters: ["default", "json"],
      outputFile: { json: ".vitest/results.json" },
    },
  });
}
