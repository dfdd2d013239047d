import { join } from "node:path";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { createJsonlRolloutStore } from "./jsonl-rollout-store.js";
import { readOwnLogRecords } from "./read-own-log-records.js";

describe("readOwnLogRecords", () => {
  const folder = useTemporaryFolder("ctx-own-log-");

  it("hands the reader the log between its header and committed end, and refuses a missing log", async () => {
    const store = createJsonlRolloutStore(folder());
    const info = await store.create({ id: "s" });
    await store.append({
      sessionId: "s",
      expectedSequence: 0,
      appendId: "a",
      records: [{ type: "note", payload: 1 }],
    });
    await store.close();
    const log = { sessionId: "s", path: join(folder(), "s.jsonl") };
    const seen: number[] = [];
    const own = await readOwnLogRecords(log, info, async (_handle, start, committedEnd) => {
      seen.push(start, committedEnd);
      return { records: [], fromCheckpoint: true };
    });
    expect(own).toEqual({ records: [], fromCheckpoint: true, warnings: [] });
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[1]).toBeGreaterThan(seen[0] ?? 0);
    const missing = { sessionId: "gone", path: join(folder(), "gone.jsonl") };
    await expect(
      readOwnLogRecords(missing, { ...info, id: "gone" }, async () => ({
        records: [],
        fromCheckpoint: false,
      })),
    ).rejects.toMatchObject({ code: "session-not-found" });
  });
});
