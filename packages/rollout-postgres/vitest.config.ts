import { createVitestConfig } from "@ctx/vitest-config";
import { mergeConfig } from "vitest/config";

export default mergeConfig(createVitestConfig(), {
  test: {
    globalSetup: ["./global-setup.ts"],
    // Each test file opens its own connections; the server, not the CPU, is what is shared.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
