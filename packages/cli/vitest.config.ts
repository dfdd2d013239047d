import { createVitestConfig } from "@ctx/vitest-config";
import { mergeConfig } from "vitest/config";

// Most tests run `ctx` in this process; the few that start the real command (the README's shell
// lines, the built-binary checks) run the bundle the global set-up builds from the sources.
export default mergeConfig(createVitestConfig(), {
  test: { globalSetup: ["./global-setup.ts"] },
});
