import { readFileSync } from "node:fs";
import { piSessionNames, piSessionPath } from "@ctx/fixtures";
import type { JsonValue } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { piReader } from "./pi-reader.js";
import type { RolloutEntry } from "./transcript-entry.js";

const header = {
  type: "session",
  version: 3,
  id: "s",
  timestamp: "2026-01-01T00:00:00Z",
  cwd: "/r",
};
const message = (
  id: string,
  parentId: string | null,
  role: string,
  content: JsonValue,
  extra = {},
) => ({
  type: "message",
  id,
  parentId,
  timestamp: "2026-01-01T00:00:01Z",
  message: { role, content, ...extra },
});

function read(records: readonly JsonValue[]): RolloutEntry[] {
  const reader = piReader.open();
  return records.flatMap(
    (record, index) => reader(record, index + 1) ?? [{ type: "unfit", reason: "not pi" }],
  );
}

describe("piReader on real sessions", () => {
  it.each(piSessionNames)(
    "reads every line of %s as pi's, the person's words the user's",
    (name) => {
      const lines = readFileSync(piSessionPath(name), "utf8").split("\n").filter(Boolean);
      const records = lines.map((line) => JSON.parse(line) as JsonValue);
      expect(piReader.detects(records[0] ?? null)).toBe(true);
      const entries = read(records);
      expect(entries.filter((entry) => entry.type === "unfit")).toEqual([]);
      const people = entries.flatMap((entry) =>
        entry.type === "piece" && entry.piece.category === "user" ? [entry.piece.kind] : [],
      );
      expect(people.length).toBeGreaterThan(0);
    },
  );
});

describe("piReader", () => {
  it("reads who wrote each text from the message's role", () => {
    const entries = read([
      header,
      message("u1", null, "user", "Fix the build."),
      message(
        "a1",
        "u1",
        "assistant",
        [{ type: "toolCall", id: "t", name: "bash", arguments: {} }],
        {
          model: "m",
          usage: { input: 10, output: 2, cacheRead: 90, cacheWrite: 0 },
        },
      ),
      message("r1", "a1", "toolResult", [{ type: "text", text: "ok" }]),
    ]);
    expect(
      entries.flatMap((entry) =>
        entry.type === "piece" ? [`${entry.piece.category} ${entry.piece.kind}`] : [entry.type],
      ),
    ).toEqual([
      "session",
      "user user_intent",
      "turn",
      "model tool_call",
      "usage",
      "tool tool_result",
    ]);
    expect(entries.find((entry) => entry.type === "usage")).toEqual({
      type: "usage",
      usage: { input: 100, cached: 90, output: 2, reasoning: 0 },
      copyOf: "a1",
    });
  });

  it("follows a branch back to the entry it starts from, dropping the turns after it", () => {
    const entries = read([
      header,
      message("u1", null, "user", "One."),
      message("a1", "u1", "assistant", [{ type: "text", text: "1" }]),
      message("u2", "a1", "user", "Two."),
      message("a2", "u2", "assistant", [{ type: "text", text: "2" }]),
      message("u3", "a1", "user", "Two, again."),
    ]);
    expect(entries.filter((entry) => entry.type === "rollback")).toEqual([
      { type: "rollback", turns: 1, branch: "a branch from entry a1: the history goes back to it" },
    ]);
  });

  it("keeps the turns a compaction keeps, from the turn of its first kept entry on", () => {
    const entries = read([
      header,
      message("u1", null, "user", "One."),
      message("a1", "u1", "assistant", [{ type: "text", text: "1" }]),
      message("u2", "a1", "user", "Two."),
      message("a2", "u2", "assistant", [{ type: "text", text: "2" }]),
      message("u3", "a2", "user", "Three."),
      {
        type: "compaction",
        id: "c1",
        parentId: "u3",
        timestamp: "2026-01-01T00:00:02Z",
        summary: "We counted.",
        firstKeptEntryId: "a2",
        tokensBefore: 900,
      },
    ]);
    expect(entries.filter((entry) => entry.type === "compaction")).toEqual([
      {
        type: "compaction",
        replacement: [],
        keepTurns: 2,
        detail:
          "pi compacted the conversation (900 tokens before): the history is its summary and the turns kept from entry a2 on",
      },
    ]);
  });

  it("leaves another format's record to the caller to name", () => {
    const reader = piReader.open();
    expect(reader({ type: "response_item", payload: {} }, 1)).toBeUndefined();
    expect(piReader.detects(header)).toBe(true);
    expect(piReader.detects({ type: "session_meta", payload: {} })).toBe(false);
  });
});
