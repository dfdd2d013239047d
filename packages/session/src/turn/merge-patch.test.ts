import type { JsonValue } from "@ctx/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyMergePatch, createMergePatch } from "./merge-patch.js";

/** JSON without null members in objects: what a snapshot may hold. */
const snapshot: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.boolean(),
    fc.integer(),
    fc.string(),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 3 }), tie("value"), { maxKeys: 4 }),
  ),
})).value;

describe("createMergePatch and applyMergePatch", () => {
  it("follow RFC 7386's examples", () => {
    expect(applyMergePatch({ a: "b" }, { a: "c" })).toEqual({ a: "c" });
    expect(applyMergePatch({ a: "b" }, { b: "c" })).toEqual({ a: "b", b: "c" });
    expect(applyMergePatch({ a: "b" }, { a: null })).toEqual({});
    expect(applyMergePatch({ a: [{ b: "c" }] }, { a: [1] })).toEqual({ a: [1] });
    expect(applyMergePatch(["a", "b"], ["c", "d"])).toEqual(["c", "d"]);
    expect(applyMergePatch({ a: "foo" }, "bar")).toEqual("bar");
    expect(applyMergePatch({ e: null }, { a: 1 })).toEqual({ e: null, a: 1 });
  });

  it("make a patch that turns any snapshot into any other, and none between equal ones", () => {
    fc.assert(
      fc.property(snapshot, snapshot, (before, after) => {
        const patch = createMergePatch(before, after);
        if (JSON.stringify(before) === JSON.stringify(after)) expect(patch).toBeUndefined();
        expect(patch === undefined ? before : applyMergePatch(before, patch)).toEqual(after);
      }),
      { numRuns: 300 },
    );
  });
});
