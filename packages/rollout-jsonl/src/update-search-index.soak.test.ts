import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { checkIndexedSearches } from "./__fixtures__/indexed-search-property.js";

const folder = useTemporaryFolder("ctx-jsonl-search-index-soak-", { per: "file" });

describe("updateSearchIndex, the soak's sessions", () => {
  it("leaves every search's answer as the whole read filtered gives it over 1,000 sessions", async () => {
    // All 1,000 sessions, within the soak's 30 minutes, with indexes in use in most of them.
    const { sessions, indexedBlocks } = await checkIndexedSearches(folder(), 1_000, 25);
    expect(sessions).toBe(1_000);
    expect(indexedBlocks).toBeGreaterThan(300);
  });
});
