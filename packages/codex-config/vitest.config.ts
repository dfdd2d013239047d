import { createVitestConfig } from "@ctx/vitest-config";

export default createVitestConfig();
