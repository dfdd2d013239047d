import { createVitestConfig } from "@ctx/vitest-config";

// Most tests run `ctx` in this process; the few that start the real command (the built binary,
// the README's shell lines) take a second or two each on a busy machine, inside the shared
// 30 s limit.
export default createVitestConfig();
