import { createVitestConfig } from "@ctx/vitest-config";

export default createVitestConfig({ oldestSdks: { ai: "ai-oldest" } });
