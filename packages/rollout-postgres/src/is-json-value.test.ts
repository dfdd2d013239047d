import { appendRequestSchema } from "@ctx/rollout";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isJsonValue } from "./is-json-value.js";

/** Whether the shared rollout schema takes `payload` as a record's payload. */
const schemaAccepts = (payload: unknown) =>
  appendRequestSchema.safeParse({
    sessionId: "s",
    expectedSequence: 0,
    appendId: "a",
    records: [{ type: "t", payload }],
  }).success;

/** Values of every kind: JSON, and what JSON is not (undefined, NaN, dates, maps, class instances, holes). */
const anyValue = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

describe("isJsonValue", () => {
  it("accepts JSON data of any shape", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(isJsonValue(value)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(isJsonValue(Object.assign(Object.create(null), { a: [1, "b", null, false] }))).toBe(
      true,
    );
  });

  it("accepts nothing the shared rollout schema refuses", () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        if (isJsonValue(value)) expect(schemaAccepts(value)).toBe(true);
      }),
      { numRuns: 500 },
    );
    class Point {
      readonly x = 1;
    }
    for (const value of [
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1n,
      Symbol("s"),
      () => 1,
      new Date(0),
      new Map(),
      new Point(),
      new Array(3).fill(1, 0, 1),
      [undefined],
      { a: undefined },
      { nested: { deeper: [Number.NaN] } },
    ])
      expect(isJsonValue(value)).toBe(false);
  });
});
