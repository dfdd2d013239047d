import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copiedPrefix, recordCopy, recordRewrite } from "./list-rewrites.js";

/** A write of the list: its last `cut` elements cut, then `added` elements pushed. */
const stepArbitrary = fc.oneof(
  fc.record({
    kind: fc.constant("rewrite"),
    cut: fc.nat(6),
    added: fc.nat(3),
  }),
  fc.record({ kind: fc.constant("copy") }),
);

describe("copiedPrefix", () => {
  it("knows the leading elements a copy still holds alike: those before every index rewritten since it was made, for the last eight rewrites", () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 12, maxLength: 30 }), (steps) => {
        const list: object[] = [];
        recordRewrite(list, 0);
        /** Each copy, with the indexes rewritten since it was made. */
        const copies: { copy: object[]; since: number[] }[] = [];
        for (const step of steps) {
          if (step.kind === "copy") {
            const copy = list.slice();
            recordCopy(copy, list);
            copies.push({ copy, since: [] });
            continue;
          }
          const from = Math.max(0, list.length - step.cut);
          list.length = from;
          for (let added = 0; added < step.added; added += 1) list.push({});
          recordRewrite(list, from);
          for (const { since } of copies) since.push(from);
          for (const { copy, since } of copies) {
            const prefix = copiedPrefix(copy, list);
            if (since.length > 8) {
              expect(prefix).toBeUndefined();
              continue;
            }
            expect(prefix).toBe(Math.min(copy.length, list.length, ...since));
            for (let index = 0; index < (prefix ?? 0); index += 1) {
              expect(copy[index]).toBe(list[index]);
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("knows nothing of a copy of another list, of a list whose writes are not recorded, or whose holder changed its length", () => {
    const list = [{}, {}];
    recordRewrite(list, 0);
    const copy = list.slice();
    recordCopy(copy, list);
    expect(copiedPrefix(copy, list)).toBe(2);
    expect(copiedPrefix(copy, list.slice())).toBeUndefined();

    const unrecorded = [{}, {}];
    const copyOfUnrecorded = unrecorded.slice();
    recordCopy(copyOfUnrecorded, unrecorded);
    expect(copiedPrefix(copyOfUnrecorded, unrecorded)).toBeUndefined();

    list.pop();
    expect(copiedPrefix(copy, list)).toBeUndefined();
    // A copy made of it now is not followed either: its writer will make a new array.
    const copyAfterPop = list.slice();
    recordCopy(copyAfterPop, list);
    expect(copiedPrefix(copyAfterPop, list)).toBeUndefined();
  });
});
