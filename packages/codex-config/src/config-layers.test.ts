import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConfigLayers } from "./config-layers.js";
import type { ConfigSource } from "./config-source.js";

const from = (override: string) => (): ConfigSource => ({ kind: "override", override });

describe("ConfigLayers", () => {
  it("merges tables key by key and lets other values replace, tables included", () => {
    const layers = new ConfigLayers();
    layers.set([], { a: { x: 1, y: [1] }, b: { z: 1 } }, from("one"));
    layers.set([], { a: { y: [2] }, b: 5 }, from("two"));
    expect(layers.document()).toEqual({ a: { x: 1, y: [2] }, b: 5 });
    expect(layers.get(["a", "x"])?.source).toEqual({ kind: "override", override: "one" });
    expect(layers.get(["a", "y"])?.source).toEqual({ kind: "override", override: "two" });
    layers.set(["b", "q"], true, from("three"));
    expect(layers.document()).toEqual({ a: { x: 1, y: [2] }, b: { q: true } });
  });

  it("ends with the last layer's value at every path it sets", () => {
    const table = fc.dictionary(
      fc.constantFrom("a", "b", "c"),
      fc.oneof(fc.integer(), fc.dictionary(fc.constantFrom("a", "b"), fc.integer())),
    );
    fc.assert(
      fc.property(fc.array(table, { minLength: 1, maxLength: 5 }), (tables) => {
        const layers = new ConfigLayers();
        for (const [index, value] of tables.entries()) layers.set([], value, from(String(index)));
        const last = tables.at(-1) ?? {};
        const document = layers.document();
        for (const [key, value] of Object.entries(last)) {
          if (typeof value === "number") expect(document[key]).toBe(value);
          else expect(document[key]).toMatchObject(value);
        }
      }),
      { numRuns: 200 },
    );
  });
});
