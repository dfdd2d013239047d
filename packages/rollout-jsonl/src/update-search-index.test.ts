import { open, stat } from "node:fs/promises";
import { join } from "node:path";
import type { RecordSearch } from "@ctx/rollout";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { checkIndexedSearches } from "./__fixtures__/indexed-search-property.js";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";
import { readLogHeader } from "./log-header.js";
import { createBlockPlan } from "./search-block-plan.js";
import { loadSearchIndex } from "./search-index-file.js";

describe("updateSearchIndex", () => {
  const folder = useTemporaryFolder("ctx-jsonl-search-index-");

  it("leaves every search's answer as the whole read filtered gives it, whatever happens to the index and the log's end", async () => {
    // The property held with indexes in use, not only without them. The soak runs 1,000.
    // A loaded machine may stop the property early: then fewer sessions, and fewer blocks each.
    const { sessions, indexedBlocks } = await checkIndexedSearches(folder(), 60);
    expect(sessions).toBeGreaterThan(0);
    expect(indexedBlocks).toBeGreaterThan(sessions / 5);
  });

  it("indexes a log as appends pass each block, and skips blocks a text cannot be in", async () => {
    const needle: RecordSearch = {
      types: ["response_item"],
      texts: ["PLANTED needle"],
      marks: ["turn"],
    };
    const store = createJsonlRolloutStore(folder());
    await store.create({ id: "big" });
    const filler = "a line of output that says nothing much\n".repeat(2_000);
    let next = 0;
    for (let turn = 0; turn < 40; turn += 1) {
      const text = turn === 7 ? "the planted needle" : filler;
      next = (
        await store.append({
          sessionId: "big",
          expectedSequence: next,
          appendId: `t${turn}`,
          records: [
            { type: "turn", payload: { turn } },
            { type: "response_item", payload: { text } },
          ],
        })
      ).nextSequence;
    }
    const log = { sessionId: "big", path: join(folder(), "big.jsonl") };
    const handle = await open(log.path, "r");
    try {
      const header = await readLogHeader(handle, log);
      const { size } = await stat(log.path);
      const range = { start: header?.end ?? 0, first: 0, committedEnd: size };
      const { blocks } = await loadSearchIndex(log, handle, range);
      expect(blocks.length).toBe(Math.floor(size / (1024 * 1024)));
      // Each block gives its turns by their places, and only the block holding the needle its
      // replies too.
      const readings = blocks.map(createBlockPlan(needle, Number.POSITIVE_INFINITY));
      const extra = blocks.map((block, index) => {
        const reading = readings[index];
        const turns = block.types.get("turn")?.count ?? 0;
        return reading === undefined || typeof reading === "string" ? -1 : reading.length - turns;
      });
      expect(extra.filter((count) => count !== 0)).toEqual([
        blocks
          .find((block) => block.firstSequence <= 15 && block.lastSequence >= 15)
          ?.types.get("response_item")?.count,
      ]);
    } finally {
      await handle.close();
    }
    const found = await store.searchRecords?.("big", needle);
    expect(found?.records.map((stored) => stored.sequence)).toEqual([
      ...Array.from({ length: 40 }, (_, turn) => turn * 2).slice(0, 8),
      15,
      ...Array.from({ length: 32 }, (_, turn) => (turn + 8) * 2),
    ]);
    await store.close();
  });
});
