import type { ViteUserConfig } from "vitest/config";

/** Options of {@link createVitestConfig}. */
export interface VitestConfigOptions {
  /**
   * Globs of the test files that need a fresh module graph of their own (they replace a module
   * with `vi.mock`, or count how often it loads); each runs in a process of its own, while the
   * package's other test files share one.
   */
  readonly isolated?: readonly string[];
  /**
   * For an adapter: each SDK's name and the npm alias its oldest supported version is installed
   * under; with `CTX_SDK=oldest`, every import of the SDK and its subpaths loads that version.
   */
  readonly oldestSdks?: Readonly<Record<string, string>>;
  /**
   * Each test's and hook's limit in `pnpm test`, in milliseconds (30 s unless given); `pnpm soak`
   * keeps its own limit for a loaded machine.
   */
  readonly timeLimit?: number;
}

/**
 * The Vitest configuration every @ctx package uses: imports of workspace packages resolve to
 * their TypeScript sources, so tests never need a build; property tests share one case count
 * and time limit (see `fast-check-setup.js`); and each run leaves a JSON report that
 * `pnpm test` and `.ci/run` add up. A package's test files run one after another in one worker
 * process that keeps its loaded modules, so heavy set-up (the tokenizer) is done once per
 * package, not once per file.
 */
export declare function createVitestConfig(options?: VitestConfigOptions): ViteUserConfig;
