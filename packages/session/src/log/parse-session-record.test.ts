import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { assistant } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import { parseSessionRecord } from "./parse-session-record.js";

describe("parseSessionRecord", () => {
  it("reads back every record a session wrote, usage and compaction included", async () => {
    const store = createMemoryRolloutStore();
    const session = createSession({ store });
    await session.beginTurn(
      { model: "ctx-coder", environments: [{ id: "local", cwd: "/repo", shell: "bash" }] },
      "one",
    );
    await session.record([assistant("a1")]);
    await session.reportUsage({ totalTokens: 30, inputTokens: 20, cachedInputTokens: 5 });
    await session.compact({ replacement: [] });
    const written = (await store.read(session.id, { from: "start" })).records;
    const read = written.map((stored) =>
      parseSessionRecord({ type: stored.type, payload: stored.payload }),
    );
    expect(read.every((parsed) => parsed.success)).toBe(true);
    const usage = read.find((parsed) => parsed.success && parsed.record.type === "reported_usage");
    expect(usage).toEqual({
      success: true,
      record: {
        type: "reported_usage",
        payload: { totalTokens: 30, inputTokens: 20, cachedInputTokens: 5 },
      },
    });
    const compaction = read.find((parsed) => parsed.success && parsed.record.type === "compaction");
    expect(compaction?.success && compaction.record.type === "compaction").toBe(true);
  });

  it("tells another writer's note from a session record that does not fit", () => {
    expect(parseSessionRecord({ type: "note", payload: {} })).toMatchObject({
      success: false,
      foreign: true,
    });
    expect(parseSessionRecord(null)).toMatchObject({ success: false, foreign: true });
    const torn = parseSessionRecord({ type: "reported_usage", payload: { totalTokens: -1 } });
    expect(torn).toMatchObject({ success: false, foreign: false });
    expect(torn.success ? "" : torn.reason).toContain("totalTokens");
  });
});
