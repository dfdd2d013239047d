import { createVitestConfig } from "@ctx/vitest-config";

export default createVitestConfig({
  oldestSdks: { "@anthropic-ai/sdk": "anthropic-ai-sdk-oldest" },
});
