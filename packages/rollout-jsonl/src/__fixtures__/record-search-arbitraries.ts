import type { JsonValue } from "@ctx/protocol";
import type { RecordSearch, RolloutRecord } from "@ctx/rollout";
import fc from "fast-check";

// Records and searches for the property tests of `searchRecords`: texts built of pieces that
// JSON escapes, ASCII case and pairs of surrogates (and lone ones) make hard to find exactly.
const pieces = [
  "main",
  "MAIN",
  "Ma",
  '"',
  "\\",
  "\n",
  "\t",
  "é",
  "É",
  "😀",
  "\uD83D",
  "\u0000",
  "x",
  "type",
];
const text = fc
  .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(""));
const payload: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    { weight: 4, arbitrary: text },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null)) },
    { weight: 2, arbitrary: fc.array(tie("value"), { maxLength: 3 }) },
    { weight: 2, arbitrary: fc.dictionary(text, tie("value"), { maxKeys: 3 }) },
  ),
})).value;
export const record: fc.Arbitrary<RolloutRecord> = fc.record({
  type: fc.constantFrom("turn", "response_item", "note"),
  payload,
});
export const search: fc.Arbitrary<RecordSearch> = fc.record(
  {
    types: fc.uniqueArray(fc.constantFrom("turn", "response_item", "note"), {
      minLength: 1,
      maxLength: 2,
    }),
    texts: fc.array(fc.oneof(fc.constantFrom(...pieces, "maIn", "ma", '"\\', "\n\t"), text), {
      minLength: 1,
      maxLength: 2,
    }),
    from: fc.integer({ min: 0, max: 3 }),
    below: fc.integer({ min: 3, max: 12 }),
    marks: fc.constant(["turn"]),
  },
  { requiredKeys: ["types"] },
);

