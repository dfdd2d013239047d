import { createRecordMatcher } from "@ctx/rollout";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { record, search } from "./__fixtures__/record-search-arbitraries.js";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";

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
