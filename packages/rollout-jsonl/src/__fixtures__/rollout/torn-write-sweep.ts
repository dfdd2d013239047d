import { copyFile, mkdir, readFile, truncate } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "vitest";
import { createJsonlRolloutStore } from "../../jsonl-rollout-store.js";
import type { StoredRecord, RolloutStore } from "@ctx/rollout";
import { crashRecord } from "./crash-record.js";

/**
 * Writes `batches` batches of 1 to 3 records to a new session in `directory` and returns the
 * log's bytes with each batch's end.
 */
export async function writeCrashLog(
  store: RolloutStore,
  directory: string,
  sessionId: string,
  batches: number,
): Promise<{ bytes: Buffer; ends: { offset: number; records: number }[] }> {
  await store.create({ id: sessionId, cwd: "/repo" });
  let next = 0;
  for (let batch = 0; batch < batches; batch += 1) {
    const size = 1 + (batch % 3);
    const records = Array.from({ length: size }, (_, offset) => crashRecord(next + offset));
    next = (
      await store.append({ sessionId, expectedSequence: next, appendId: `b${batch}`, records })
    ).nextSequence;
  }
  const bytes = await readFile(join(directory, `${sessionId}.jsonl`));
  const ends: { offset: number; records: number }[] = [];
  let records = 0;
  let start = 0;
  for (let end = bytes.indexOf(0x0a); end !== -1; end = bytes.indexOf(0x0a, start)) {
    const line = JSON.parse(bytes.toString("utf8", start, end)) as {
      sequence?: number;
      end?: true;
    };
    if (line.sequence !== undefined) records = line.sequence + 1;
    if (line.sequence === undefined || line.end === true) ends.push({ offset: end + 1, records });
    start = end + 1;
  }
  return { bytes, ends };
}

/** The records the crash log holds from its start: the first `count`. */
export const crashRecords = (count: number): StoredRecord[] =>
  Array.from({ length: count }, (_, sequence) => ({ sequence, ...crashRecord(sequence) }));

/**
 * Cuts a log of 40 batches at `cuts` pseudo-random bytes (the same ones for a given count), and
 * checks that each cut reads back every batch before it, a `torn-record` warning for the rest,
 * and, every 25th cut, a resume from the latest checkpoint. `pnpm test` runs a few hundred
 * cuts; the soak run, 10,000.
 */
export async function sweepTornWrites(directory: string, cutCount: number): Promise<void> {
  const store = createJsonlRolloutStore(directory);
  const { bytes, ends } = await writeCrashLog(store, directory, "whole", 40);
  const cutDirectory = join(directory, "cut");
  await mkdir(cutDirectory);
  const cutPath = join(cutDirectory, "whole.jsonl");
  await copyFile(join(directory, "whole.jsonl"), cutPath);
  const cutStore = createJsonlRolloutStore(cutDirectory);
  // The cuts in decreasing order, so one copy truncated step by step is each cut in turn.
  let state = 0x2545f491;
  const cuts = Array.from({ length: cutCount }, () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state % (bytes.length + 1);
  }).sort((left, right) => right - left);
  const headerEnd = ends[0]?.offset ?? 0;
  // Compared as text: a deep comparison of every cut would cost more than the reads.
  const all = crashRecords(ends.at(-1)?.records ?? 0);
  const prefixes = all.map((_, count) => JSON.stringify(all.slice(0, count)));
  prefixes.push(JSON.stringify(all));
  let checked = 0;
  for (const [index, cut] of cuts.entries()) {
    await truncate(cutPath, cut);
    if (cut < headerEnd) {
      // The header was cut: the session was never created, and says so.
      expect(await cutStore.info("whole")).toBeUndefined();
      continue;
    }
    const committed = ends.filter((end) => end.offset <= cut).at(-1) ?? { offset: 0, records: 0 };
    const read = await cutStore.read("whole", { from: "start" });
    expect(JSON.stringify(read.records)).toBe(prefixes[committed.records]);
    expect(read.warnings).toEqual(
      cut === committed.offset
        ? []
        : [
            expect.objectContaining({
              code: "torn-record",
              offset: committed.offset,
              bytes: cut - committed.offset,
            }),
          ],
    );
    if (index % 25 === 0) {
      const resumed = await cutStore.read("whole");
      const kept = all.slice(0, committed.records);
      const checkpoint = kept.findLastIndex((record) => record.checkpoint === true);
      expect(resumed.records).toEqual(kept.slice(Math.max(checkpoint, 0)));
    }
    checked += 1;
  }
  expect(checked).toBeGreaterThan(cutCount * 0.9);
  await cutStore.close();
  await store.close();
}
