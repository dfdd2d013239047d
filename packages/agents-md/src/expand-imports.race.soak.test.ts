import { describe, expect, it } from "vitest";
import { flippedDiscoveries } from "./__fixtures__/flipped-discoveries.js";

describe("the import sandbox against a real symlink flipped by another process, full count", () => {
  it("never inlines the outside file in 2,000 discoveries", async () => {
    const { leaks, inlined } = await flippedDiscoveries(2_000);
    expect(leaks).toBe(0);
    expect(inlined).toBeGreaterThan(0);
  });
});
