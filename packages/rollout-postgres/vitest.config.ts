import { createVitestConfig } from "@ctx/vitest-config";
import { mergeConfig } from "vitest/config";

// Each test file opens its own connections; the server, not the CPU, is what is shared.
export default mergeConfig(createVitestConfig({ timeLimit: 60_000 }), {
  test: { globalSetup: ["./global-setup.ts"] },
});
