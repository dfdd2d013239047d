import { appendFile, open, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createRecordMatcher, type RecordSearch } from "@ctx/rollout";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { record, search } from "./__fixtures__/record-search-arbitraries.js";
import { inspectLogTail, type LogLocation, readLogHeader } from "./jsonl-log.js";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";
import { createBlockPlan } from "./search-block-plan.js";
import { loadSearchIndex, searchIndexPath } from "./search-index-file.js";
import { updateSearchIndex } from "./update-search-index.js";

/** Searches over wider sequence ranges than the fixture's, with marks or without. */
const wideSearch: fc.Arbitrary<RecordSearch> = fc
  .tuple(search, fc.nat(30), fc.nat(40), fc.boolean())
  .map(([asked, from, span, marked]) => {
    const { marks, ...rest } = asked;
    return {
      ...rest,
      ...(asked.from === undefined ? {} : { from }),
      ...(asked.below === undefined ? {} : { below: from + span }),
      ...(marked && marks !== undefined ? { marks } : {}),
    };
  });

/** What happens to a session between two appends. */
const event = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("append" as const),
      records: fc.array(record, { minLength: 1, maxLength: 6 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("index" as const),
      blockBytes: fc.integer({ min: 40, max: 400 }),
    }),
  },
  fc.record({ kind: fc.constant("delete-index" as const) }),
  fc.record({ kind: fc.constant("corrupt-index" as const), at: fc.nat(), byte: fc.nat(255) }),
  fc.record({ kind: fc.constant("cut-index" as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant("tear-log" as const),
    bytes: fc.constantFrom('{"sequence":', '{"seq', "x"),
  }),
);

/** Brings the index of `log` up to its committed end in blocks of about `blockBytes`. */
async function index(log: LogLocation, blockBytes: number): Promise<number> {
  const handle = await open(log.path, "r");
  try {
    const header = await readLogHeader(handle, log);
    if (header === undefined) return 0;
    const { size } = await handle.stat();
    const { committedEnd } = await inspectLogTail(handle, size, log);
    await updateSearchIndex(handle, log, committedEnd, undefined, blockBytes);
    const range = { start: header.end, first: 0, committedEnd };
    return (await loadSearchIndex(log, handle, range)).blocks.length;
  } finally {
    await handle.close();
  }
}

describe("updateSearchIndex", () => {
  const folder = useTemporaryFolder("ctx-jsonl-search-index-");

  it("leaves every search's answer as the whole read filtered gives it, whatever happens to the index and the log's end", async () => {
    const store = createJsonlRolloutStore(folder());
    let sessions = 0;
    let indexedBlocks = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(event, { minLength: 1, maxLength: 16 }),
          fc.array(wideSearch, { minLength: 1, maxLength: 3 }),
          async (events, searches) => {
            sessions += 1;
            const sessionId = `s${sessions}`;
            const log = { sessionId, path: join(folder(), `${sessionId}.jsonl`) };
            const indexPath = searchIndexPath(log);
            await store.create({ id: sessionId });
            let next = 0;
            const check = async () => {
              const { records } = await store.read(sessionId, { from: "start" });
              for (const asked of searches)
                expect((await store.searchRecords?.(sessionId, asked))?.records).toEqual(
                  records.filter(createRecordMatcher(asked)),
                );
            };
            for (const happening of events) {
              if (happening.kind === "append")
                next = (
                  await store.append({
                    sessionId,
                    expectedSequence: next,
                    appendId: `b${next}`,
                    records: happening.records,
                  })
                ).nextSequence;
              else if (happening.kind === "index")
                indexedBlocks += await index(log, happening.blockBytes);
              else if (happening.kind === "delete-index") await rm(indexPath, { force: true });
              else if (happening.kind === "tear-log") await appendFile(log.path, happening.bytes);
              else {
                const bytes = await readFile(indexPath).catch(() => Buffer.alloc(0));
                if (bytes.length === 0) continue;
                const at = happening.at % bytes.length;
                if (happening.kind === "cut-index")
                  await writeFile(indexPath, bytes.subarray(0, at));
                else {
                  bytes[at] = happening.byte;
                  await writeFile(indexPath, bytes);
                }
              }
              await check();
            }
          },
        ),
        { numRuns: 60 },
      );
      // The property held with indexes in use, not only without them.
      expect(indexedBlocks).toBeGreaterThan(20);
    } finally {
      await store.close();
    }
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
