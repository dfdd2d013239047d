import type { JsonValue } from "@ctx/protocol";
import { createRecordMatcher, type RecordSearch, type RolloutRecord } from "@ctx/rollout";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";

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
const record: fc.Arbitrary<RolloutRecord> = fc.record({
  type: fc.constantFrom("turn", "response_item", "note"),
  payload,
});
const search: fc.Arbitrary<RecordSearch> = fc.record(
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

describe("searchRecordLines", () => {
  const folder = useTemporaryFolder("ctx-jsonl-search-");

  it("finds exactly the records reading and filtering finds, whatever the escapes and case", async () => {
    const store = createJsonlRolloutStore(folder());
    let sessions = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(record, { minLength: 1, maxLength: 4 }), { maxLength: 4 }),
          fc.array(search, { minLength: 1, maxLength: 4 }),
          async (batches, searches) => {
            sessions += 1;
            const sessionId = `s${sessions}`;
            await store.create({ id: sessionId });
            let next = 0;
            for (const batch of batches)
              next = (
                await store.append({
                  sessionId,
                  expectedSequence: next,
                  appendId: `b${next}`,
                  records: batch,
                })
              ).nextSequence;
            const { records } = await store.read(sessionId, { from: "start" });
            for (const asked of searches)
              expect((await store.searchRecords?.(sessionId, asked))?.records).toEqual(
                records.filter(createRecordMatcher(asked)),
              );
          },
        ),
        { numRuns: 40 },
      );
    } finally {
      await store.close();
    }
  });
});
