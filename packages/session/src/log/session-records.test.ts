import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { assistant } from "../__fixtures__/items.js";
import { createSession } from "../create-session.js";
import { sessionRecordSchema, sessionRecordTypes } from "./session-records.js";

describe("sessionRecordTypes", () => {
  it("names every record type a session writes, and only those", async () => {
    expect([...sessionRecordTypes]).toEqual([
      "turn",
      "response_item",
      "world_state",
      "rollback",
      "reported_usage",
      "cache_diagnostics",
      "answer_ending",
      "compaction",
    ]);
    const store = createMemoryRolloutStore();
    const session = createSession({ store });
    await session.beginTurn(
      { model: "ctx-coder", environments: [{ id: "local", cwd: "/repo", shell: "bash" }] },
      "one",
    );
    await session.record([assistant("a1")]);
    await session.reportUsage({ totalTokens: 10 });
    await session.recordAnswer({
      items: [assistant("a2")],
      cacheDiagnostics: { missed: true, reason: "tools_changed" },
      ending: "cut",
    });
    await session.rollback(1);
    await session.compact({ replacement: [] });
    const written = (await store.read(session.id, { from: "start" })).records;
    expect(new Set(written.map((record) => record.type))).toEqual(sessionRecordTypes);
  });

  it("holds the same types as the schema that reads the records", () => {
    const read = sessionRecordSchema.options.map((option) => option.shape.type.value);
    expect(new Set(read)).toEqual(sessionRecordTypes);
  });
});
