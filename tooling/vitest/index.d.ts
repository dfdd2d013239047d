import type { ViteUserConfig } from "vitest/config";

/**
 * The Vitest configuration every @ctx package uses: imports of workspace packages resolve to
 * their TypeScript sources, so tests never need a build; property tests share one case count
 * and time limit (see `fast-check-setup.js`); and each run leaves a JSON report that `.ci/run`
 * adds up.
 */
export declare function createVitestConfig(): ViteUserConfig;
