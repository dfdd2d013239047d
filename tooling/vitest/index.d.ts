import type { ViteUserConfig } from "vitest/config";

/**
 * The Vitest configuration every @ctx package uses: imports of workspace packages resolve to
 * their TypeScript sources, so tests never need a build; property tests share one case count
 * and time limit (see `fast-check-setup.js`); and each run leaves a JSON report that `.ci/run`
 * adds up.
 */
export declare function createVitestConfig(options?: {
  /**
   * For an adapter: each SDK's name and the npm alias its oldest supported version is installed
   * under; with `CTX_SDK=oldest`, every import of the SDK and its subpaths loads that version.
   */
  readonly oldestSdks?: Readonly<Record<string, string>>;
}): ViteUserConfig;
