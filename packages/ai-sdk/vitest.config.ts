import { createVitestConfig } from "@ctx/vitest-config";

// The oldest run pairs the oldest ai with the OpenAI provider of its release, as a user would.
export default createVitestConfig({
  oldestSdks: { ai: "ai-oldest", "@ai-sdk/openai": "ai-sdk-openai-oldest" },
});
