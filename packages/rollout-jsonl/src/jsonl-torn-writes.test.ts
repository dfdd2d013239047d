import { mkdir, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { crashRecord } from "./__fixtures__/rollout/crash-record.js";
import {
  crashRecords,
  sweepTornWrites,
  writeCrashLog,
} from "./__fixtures__/rollout/torn-write-sweep.js";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";

const folder = useTemporaryFolder("ctx-rollout-torn-", { per: "file" });

describe("createJsonlRolloutStore after a crash cut its log", () => {
  it("reads every one of 300 cuts, losing at most the batch the cut fell in", async () => {
    // The full sweep (10,000 cuts) is jsonl-torn-writes.soak.test.ts.
    const sweep = join(folder(), "sweep");
    await mkdir(sweep);
    await sweepTornWrites(sweep, 300);
  });

  it("cuts off a torn batch before the next append, so nothing is glued onto it", async () => {
    const writer = createJsonlRolloutStore(folder());
    const { ends } = await writeCrashLog(writer, folder(), "repaired", 6);
    const last = ends.at(-1);
    const previous = ends.at(-2);
    if (last === undefined || previous === undefined) throw new Error("the log is too short");
    // The crash ends the writer, with its last batch cut short; a new store comes after it.
    await writer.close();
    await truncate(join(folder(), "repaired.jsonl"), last.offset - 7);
    const store = createJsonlRolloutStore(folder());
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
    const store = createJsonlRolloutStore(folder());
    const { bytes, ends } = await writeCrashLog(store, folder(), "corrupt", 6);
    const second = ends[1];
    if (second === undefined) throw new Error("the log is too short");
    const damaged = Buffer.from(bytes);
    damaged.write("#", second.offset + 2);
    const damagedDirectory = join(folder(), "damaged");
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
