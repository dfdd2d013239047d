import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { checkIndexedSearches } from "./__fixtures__/indexed-search-property.js";

const folder = useTemporaryFolder("ctx-jsonl-search-index-soak-", { per: "file" });

describe("updateSearchIndex, the soak's sessions", () => {
  it("leaves every search's answer as the whole read filtered gives it over 1,000 sessions", async () => {
    expect(await checkIndexedSearches(folder(), 1_000)).toBeGreaterThan(300);
  });
});
