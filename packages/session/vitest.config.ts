import { createVitestConfig } from "@ctx/vitest-config";

// The broken survival test replaces the compaction's re-injection step with vi.mock. Each of the
// others needs the default tokenizer unloaded when it starts (two replace its module with
// vi.mock and count the loads; one reads the estimate before the first load), and one counts the
// schemas built by the package's first import: each runs in a module graph of its own, the other
// test files share one.
export default createVitestConfig({
  isolated: [
    "src/compaction/survival-contract.broken.test.ts",
    "src/import-builds-no-schema.test.ts",
    "src/tokens/load-default-tokenizer.test.ts",
    "src/tokens/session-tokens.test.ts",
    "src/tokens/tokenizer-unavailable.test.ts",
  ],
});
