// @ts-check
import { fileURLToPath } from "node:url";
import { defaultClientConditions, defaultServerConditions } from "vite";
import { configDefaults, defineConfig } from "vitest/config";
import { errorsFile, UnhandledErrorsReporter } from "./unhandled-errors-reporter.js";

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
 * An adapter's tests run twice: against the SDK versions it installs (the newest its peer range
 * allows), and with `CTX_SDK=oldest` against the oldest, installed under an npm alias (`openai`
 * as `openai-oldest`). That run leaves its report beside the first one.
 */
const oldestSdk = process.env.CTX_SDK === "oldest";

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
 * @param {{ isolated?: readonly string[]; oldestSdks?: Record<string, string>; timeLimit?: number }} [options]
 *   `isolated`: globs of the test files that need a fresh module graph of their own (they replace
 *   a module with `vi.mock`, or count how often it loads); each of them runs in a process of its
 *   own. `oldestSdks`: for an adapter, each SDK's name and the alias its oldest supported version
 *   is installed under; with `CTX_SDK=oldest` every import of the SDK (and of its subpaths) loads
 *   that version instead. `timeLimit`: each test's and hook's limit in `pnpm test`, in
 *   milliseconds (30 s unless given); `pnpm soak` keeps its own limit for a loaded machine.
 * @returns {import("vitest/config").ViteUserConfig}
 */
export function createVitestConfig(options = {}) {
  const aliases = oldestSdk ? Object.entries(options.oldestSdks ?? {}) : [];
  if (oldestSdk && aliases.length === 0) {
    throw new Error("CTX_SDK=oldest is set, but this package names no oldest SDK to test against");
  }
  const isolated = soak ? [] : [...(options.isolated ?? [])];
  const include = soak ? [soakFiles] : ["src/**/*.test.ts"];
  const exclude = soak ? configDefaults.exclude : [...configDefaults.exclude, soakFiles];
  // Projects extend the root and merge its arrays into theirs, so with projects the root
  // names no files: each project names its own. The benchmarks run in the shared project only
  // (the isolated one names none), so that `vitest bench` runs each of them once.
  const benchmark = { include: ["src/**/*.bench.ts"] };
  const files =
    isolated.length === 0
      ? { include, exclude, benchmark }
      : {
          projects: [
            {
              extends: true,
              test: { name: "shared", include, exclude: [...exclude, ...isolated], benchmark },
            },
            {
              extends: true,
              test: {
                name: "isolated",
                include: isolated,
                isolate: true,
                benchmark: { include: [] },
              },
            },
          ],
        };
  const report = soak
    ? ".vitest/soak.json"
    : oldestSdk
      ? ".vitest/results-oldest-sdk.json"
      : ".vitest/results.json";
  return defineConfig({
    resolve: {
      conditions: [sourceCondition, ...defaultClientConditions],
      alias: aliases.map(([name, alias]) => ({
        find: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?=/|$)`),
        replacement: alias,
      })),
    },
    // Tests run in Node, which does not know the bundlers' `module` condition: a package's
    // `module` export may be ES modules that only a bundler can load (@opentelemetry/api's,
    // which @anthropic-ai/sdk imports, has extensionless imports).
    ssr: {
      resolve: {
        conditions: [
          sourceCondition,
          ...defaultServerConditions.filter((condition) => condition !== "module"),
        ],
      },
    },
    test: {
      ...files,
      isolate: false,
      maxWorkers: 1,
      setupFiles: [fileURLToPath(new URL("./fast-check-setup.js", import.meta.url))],
      testTimeout: soak ? soakTimeLimit : (options.timeLimit ?? timeLimit),
      hookTimeout: soak ? soakTimeLimit : (options.timeLimit ?? timeLimit),
      reporters: ["default", "json", new UnhandledErrorsReporter(errorsFile(report))],
      outputFile: { json: report },
    },
  });
}
