import { createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { survivingSnapshots } from "./surviving-snapshots.js";

describe("survivingSnapshots", () => {
  it("keeps through a lost baseline only the sections that survive a reset", () => {
    const registry = createStandardRegistry();
    const surviving = new Set(
      registry.kinds.flatMap(({ section }) => (section?.survivesReset ? [section.id] : [])),
    );
    expect([...surviving]).toEqual(["model"]);
    expect(survivingSnapshots(registry, { model: { slug: "a" }, apps: true, unknown: 1 })).toEqual({
      model: { slug: "a" },
    });
  });
});
