import { appendFile, open, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createRecordMatcher, type RecordSearch } from "@ctx/rollout";
import fc from "fast-check";
import { expect } from "vitest";
import { readLogHeader } from "../log-header.js";
import type { LogLocation } from "../log-location.js";
import { inspectLogTail } from "../log-tail.js";
import { createJsonlRolloutStore } from "../jsonl-rollout-store.js";
import { loadSearchIndex, searchIndexPath } from "../search-index-file.js";
import { updateSearchIndex } from "../update-search-index.js";
import { record, search } from "./record-search-arbitraries.js";

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

/**
 * Runs `runs` random sessions in a store on `folder`: appends, indexes built in small blocks,
 * indexes deleted, cut or corrupted, logs torn at their end, and after each step every search's
 * answer held to the whole read filtered. Answers how many sessions ran (fewer than `runs` when
 * the property's time ran out on a loaded machine) and how many index blocks their searches could
 * use. `minutes` is the property's time (fast-check's default for every property otherwise).
 */
export async function checkIndexedSearches(
  folder: string,
  runs: number,
  minutes?: number,
): Promise<{ readonly sessions: number; readonly indexedBlocks: number }> {
  const store = createJsonlRolloutStore(folder);
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
          const log = { sessionId, path: join(folder, `${sessionId}.jsonl`) };
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
      {
        numRuns: runs,
        ...(minutes === undefined ? {} : { interruptAfterTimeLimit: minutes * 60_000 }),
      },
    );
    return { sessions, indexedBlocks };
  } finally {
    await store.close();
  }
}
