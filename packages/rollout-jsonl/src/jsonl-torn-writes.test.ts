import { mkdir, mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crashRecord } from "./__fixtures__/rollout/crash-record.js";
import {
  crashRecords,
  sweepTornWrites,
  writeCrashLog,
} from "./__fixtures__/rollout/torn-write-sweep.js";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";

let directory = "";
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "ctx-rollout-torn-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("createJsonlRolloutStore after a crash cut its log", () => {
  it("reads every one of 300 cuts, losing at most the batch the cut fell in", async () => {
    // The full sweep (10,000 cuts) is jsonl-torn-writes.soak.test.ts.
    const sweep = join(directory, "sweep");
    await mkdir(sweep);
    await sweepTornWrites(sweep, 300);
  });

  it("cuts off a torn batch before the next append, so nothing is glued onto it", async () => {
    const writer = createJsonlRolloutStore(directory);
    const { ends } = await writeCrashLog(writer, directory, "repaired", 6);
    const last = ends.at(-1);
    const previous = ends.at(-2);
    if (last === undefined || previous === undefined) throw new Error("the log is too short");
    // The crash ends the writer, with its last batch cut short; a new store comes after it.
    await writer.close();
    await truncate(join(directory, "repaired.jsonl"), last.offset - 7);
    const store = createJsonlRolloutStore(directory);
    expect((await store.info("repaired"))?.nextSequence).toBe(previous.records);
    await store.append({
      sessionId: "repaired",
      expectedSequence: previous.records,
      appendId: "after-crash",
      records: [crashRecord(previous.records)],
    });
    const read = await store.read("repaired", { from: "start" });
    expect(read.records).toEqual(crashRecords(previous.records + 1));
    expect(read.warnings).toEqual([]);
    await store.close();
  });

  it("names the line that cannot be read when it is not the last", async () => {
    const store = createJsonlRolloutStore(directory);
    const { bytes, ends } = await writeCrashLog(store, directory, "corrupt", 6);
    const second = ends[1];
    if (second === undefined) throw new Error("the log is too short");
    const damaged = Buffer.from(bytes);
    damaged.write("#", second.offset + 2);
    const damagedDirectory = join(directory, "damaged");
    await mkdir(damagedDirectory);
    await writeFile(join(damagedDirectory, "corrupt.jsonl"), damaged);
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
