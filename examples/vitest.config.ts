import { createVitestConfig } from "@ctx/vitest-config";
import { mergeConfig } from "vitest/config";

// As in packages/anthropic: @anthropic-ai/sdk imports @opentelemetry/api. The version this workspace resolves (held below
// 1.10 by another package's dev dependency) exports a `module` build with extensionless imports,
// which the shared config's server conditions pick and Node cannot load: Vite transforms both.
export default mergeConfig(createVitestConfig(), {
  test: { server: { deps: { inline: ["@anthropic-ai/sdk", "@opentelemetry/api"] } } },
});
