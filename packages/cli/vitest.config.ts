import { createVitestConfig } from "@ctx/vitest-config";
import { mergeConfig } from "vitest/config";

// Every test spawns `ctx` in its own process through tsx, which takes a second or two on a busy
// machine: allow more than Vitest's default five seconds.
export default mergeConfig(createVitestConfig(), { test: { testTimeout: 30_000 } });
