import type { JsonValue } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { ctxReader } from "./ctx-reader.js";

const header = { rollout: 1, id: "s1", cwd: "/repo", parent: { sessionId: "s0" } };

/** A reader of one file's records, whose lines these tests do not need. */
function open() {
  const read = ctxReader.open();
  return (record: JsonValue) => read(record, 1);
}

describe("ctxReader", () => {
  it("reads the header and the session's records with the session's own parser", () => {
    const read = open();
    expect(ctxReader.detects(header)).toBe(true);
    expect(read(header)).toEqual([
      { type: "session", facts: { id: "s1", cwd: "/repo", forkedFrom: "s0" } },
    ]);
    expect(
      read({
        type: "reported_usage",
        payload: { totalTokens: 30, inputTokens: 20, outputTokens: 10 },
      }),
    ).toEqual([{ type: "usage", usage: { input: 20, cached: 0, output: 10, reasoning: 0 } }]);
    expect(
      read({
        type: "compaction",
        payload: {
          trigger: "manual",
          replacementHistory: [],
          origins: [],
          snapshots: {},
          fullContext: true,
          turnCount: 1,
        },
      }),
    ).toEqual([{ type: "compaction", replacement: [], origins: [] }]);
  });

  it("describes the typed state a compaction kept in its event", () => {
    const read = open();
    const compactionState = {
      version: 1,
      task: "Fix the parser.",
      constraints: [],
      decisions: [],
      pendingCalls: [],
      agents: [],
      todos: [],
      files: { read: [], changed: ["src/date.ts"] },
    };
    const payload = { trigger: "manual", replacementHistory: [], origins: [], snapshots: {} };
    expect(
      read({
        type: "compaction",
        payload: { ...payload, fullContext: true, turnCount: 1, compactionState },
      }),
    ).toEqual([
      {
        type: "compaction",
        replacement: [],
        origins: [],
        detail:
          'history replaced by 0 item(s); kept state: task "Fix the parser."; 1 file(s) changed (src/date.ts)',
      },
    ]);
  });

  it("passes over another writer's note, names a record that does not fit, and leaves Codex's lines to the caller", () => {
    const read = open();
    expect(read({ type: "note", payload: { said: "hi" } })).toEqual([]);
    expect(read({ type: "rollback", payload: { userTurns: 0 } })).toEqual([
      { type: "unfit", reason: expect.stringContaining("a rollback record that does not fit") },
    ]);
    expect(read({ type: "session_meta", payload: {} })).toBeUndefined();
  });
});
