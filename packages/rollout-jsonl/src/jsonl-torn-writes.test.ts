import { copyFile, mkdir, mkdtemp, readFile, rm, truncate } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RolloutStore, StoredRecord } from "@ctx/rollout";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crashRecord } from "./__fixtures__/rollout/crash-record.js";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";

let directory = "";
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "ctx-rollout-torn-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** Writes `batches` batches of 1 to 3 records and returns the log's bytes with each batch's end. */
async function writeLog(
  store: RolloutStore,
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

const expected = (count: number): StoredRecord[] =>
  Array.from({ length: count }, (_, sequence) => ({ sequence, ...crashRecord(sequence) }));

describe("createJsonlRolloutStore after a crash cut its log", () => {
  it("reads every one of 10,000 cuts, losing at most the batch the cut fell in", async () => {
    const store = createJsonlRolloutStore(directory);
    const { bytes, ends } = await writeLog(store, "whole", 40);
    const cutDirectory = join(directory, "cut");
    await mkdir(cutDirectory);
    const cutPath = join(cutDirectory, "whole.jsonl");
    await copyFile(join(directory, "whole.jsonl"), cutPath);
    const cutStore = createJsonlRolloutStore(cutDirectory);
    // 10,000 cuts in decreasing order, so one copy truncated step by step is each cut in turn.
    let state = 0x2545f491;
    const cuts = Array.from({ length: 10_000 }, () => {
      state = (state * 1664525 + 1013904223) >>> 0;
      return state % (bytes.length + 1);
    }).sort((left, right) => right - left);
    const headerEnd = ends[0]?.offset ?? 0;
    // Compared as text: a deep comparison of every cut would cost more than the reads.
    const all = expected(ends.at(-1)?.records ?? 0);
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
    expect(checked).toBeGreaterThan(9_000);
    await cutStore.close();
    await store.close();
  }, 120_000);

  it("cuts off a torn batch before the next append, so nothing is glued onto it", async () => {
    const store = createJsonlRolloutStore(directory);
    const { ends } = await writeLog(store, "repaired", 6);
    const last = ends.at(-1);
    const previous = ends.at(-2);
    if (last === undefined || previous === undefined) throw new Error("the log is too short");
    await truncate(join(directory, "repaired.jsonl"), last.offset - 7);
    expect((await store.info("repaired"))?.nextSequence).toBe(previous.records);
    await store.append({
      sessionId: "repaired",
      expectedSequence: previous.records,
      appendId: "after-crash",
      records: [crashRecord(previous.records)],
    });
    const read = await store.read("repaired", { from: "start" });
    expect(read.records).toEqual(expected(previous.records + 1));
    expect(read.warnings).toEqual([]);
    await store.close();
  });

  it("names the line that cannot be read when it is not the last", async () => {
    const store = createJsonlRolloutStore(directory);
    const { bytes, ends } = await writeLog(store, "corrupt", 6);
    const second = ends[1];
    if (second === undefined) throw new Error("the log is too short");
    const damaged = Buffer.from(bytes);
    damaged.write("#", second.offset + 2);
    const damagedDirectory = join(directory, "damaged");
    await mkdir(damagedDirectory);
    await import("node:fs/promises").then(({ writeFile }) =>
      writeFile(join(damagedDirectory, "corrupt.jsonl"), damaged),
    );
    const damagedStore = createJsonlRolloutStore(damagedDirectory);
    await expect(damagedStore.read("corrupt", { from: "start" })).rejects.toMatchObject({
      code: "unreadable-record",
      line: 3,
      offset: second.offset,
      sessionId: "corrupt",
    });
    // Read backwards from the end, the line has no number, but its offset still names it.
    await expect(damagedStore.read("corrupt")).rejects.toMatchObject({
      code: "unreadable-record",
      line: undefined,
      offset: second.offset,
    });
    await damagedStore.close();
    await store.close();
  });
});
