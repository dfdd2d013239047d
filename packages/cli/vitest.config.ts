import { createVitestConfig } from "@ctx/vitest-config";
import { mergeConfig } from "vitest/config";

// Most tests run `ctx` in this process; the few that start the real command (the built binary,
// the README's shell lines) take a second or two each on a busy machine: allow more than
// Vitest's default five seconds.
export default mergeConfig(createVitestConfig(), { test: { testTimeout: 30_000 } });
