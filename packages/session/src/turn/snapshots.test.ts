import { createStandardRegistry } from "@ctx/registry";
import { describe, expect, it } from "vitest";
import { isSnapshots, survivingSnapshots } from "./snapshots.js";

describe("snapshots", () => {
  it("keep through a lost baseline only the sections that survive a reset", () => {
    const registry = createStandardRegistry();
    const surviving = new Set(
      registry.kinds.flatMap(({ section }) => (section?.survivesReset ? [section.id] : [])),
    );
    expect([...surviving]).toEqual(["model"]);
    expect(survivingSnapshots(registry, { model: { slug: "a" }, apps: true, unknown: 1 })).toEqual({
      model: { slug: "a" },
    });
  });

  it("are an object of values, never an array or null", () => {
    expect([{}, { a: 1 }, [], null, 1, "x"].map(isSnapshots)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
