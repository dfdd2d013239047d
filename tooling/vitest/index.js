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
 * and time limit (see `fast-check-setup.js`); and each run leaves a JSON report that
 * `pnpm test` and `.ci/run` add up.
 *
 * A package's test files run one after another in one worker process that keeps its loaded
 * modules (`isolate: false`): heavy set-up that a module does once (the o200k_base tokenizer,
 * seconds on a busy machine) is then done once per package rather than once per file, and no
 * process is started per file. `pnpm test` runs one package per core, so the whole run keeps
 * about as many busy processes as there are cores.
 * @param {{ isolated?: readonly string[] }} [options] `isolated`: globs of the test files that
 *   need a fresh module graph of their own (they replace a module with `vi.mock`, or count how
 *   often it loads); each of them runs in a process of its own.
 * @returns {import("vitest/config").ViteUserConfig}
 */
export function createVitestConfig(options = {}) {
  const isolated = soak ? [] : [...(options.isolated ?? [])];
  const include = soak ? [soakFiles] : ["src/**/*.test.ts"];
  const exclude = soak ? configDefaults.exclude : [...configDefaults.exclude, soakFiles];
  // Projects extend the root and merge its arrays into theirs, so with projects the root
  // names no files: each project names its own.
  const files =
    isolated.length === 0
      ? { include, exclude }
      : {
          projects: [
            {
              extends: true,
              test: { name: "shared", include, exclude: [...exclude, ...isolated] },
            },
            { extends: true, test: { name: "isolated", include: isolated, isolate: true } },
          ],
        };
  return defineConfig({
    resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
    ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
    test: {
      ...files,
      isolate: false,
      maxWorkers: 1,
      setupFiles: [fileURLToPath(new URL("./fast-check-setup.js", import.meta.url))],
      testTimeout: soak ? soakTimeLimit : timeLimit,
      hookTimeout: soak ? soakTimeLimit : timeLimit,
      benchmark: { include: ["src/**/*.bench.ts"] },
      reporters: ["default", "json"],
      outputFile: { json: soak ? ".vitest/soak.json" : ".vitest/results.json" },
    },
  });
}
