import type { JsonValue } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { createClaudeCodeRecordReader } from "./create-claude-code-record-reader.js";
import { createClaudeCodeRewindTracker } from "./create-claude-code-rewind-tracker.js";

const base = { sessionId: "s", cwd: "/w", isSidechain: false };
const typed = (uuid: string, parentUuid: string | null, text: string): JsonValue => ({
  ...base,
  type: "user",
  uuid,
  parentUuid,
  message: { role: "user", content: text },
});
const answer = (uuid: string, parentUuid: string, content: JsonValue[]): JsonValue => ({
  ...base,
  type: "assistant",
  uuid,
  parentUuid,
  message: { role: "assistant", content },
});
const said = (text: string): JsonValue[] => [{ type: "text", text }];
const result = (uuid: string, parentUuid: string, id: string): JsonValue => ({
  ...base,
  type: "user",
  uuid,
  parentUuid,
  message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "ok" }] },
});

/** Each record's rewind, each record given its line number (from 1) as its place. */
function rewindsOf(records: readonly JsonValue[]) {
  const read = createClaudeCodeRecordReader();
  const tracker = createClaudeCodeRewindTracker();
  return records.map((json, index) => {
    const record = read(json);
    const rewind = record === undefined ? undefined : tracker.take(record, json);
    tracker.remember(index + 1);
    return rewind;
  });
}

describe("createClaudeCodeRewindTracker", () => {
  it("tells a rewind by the person's message answering an earlier record, and what it abandons", () => {
    const rewinds = rewindsOf([
      typed("u1", null, "Start."),
      answer("a1", "u1", said("Ready.")),
      typed("b1", "a1", "First attempt."),
      answer("b2", "b1", said("First answer.")),
      typed("c1", "a1", "Second attempt."),
      typed("d1", null, "From the top."),
    ]);
    expect(rewinds).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      { parent: "a1", place: 2, records: 2 },
      { parent: null, place: 0, records: 3 },
    ]);
  });

  it("reads no rewind in parallel results hanging off their calls, nor in an unknown parent", () => {
    const calls = [
      { type: "tool_use", id: "t1", name: "Read", input: {} },
      { type: "tool_use", id: "t2", name: "Read", input: {} },
    ];
    const rewinds = rewindsOf([
      typed("u1", "before-the-excerpt", "Read both."),
      answer("a1", "u1", [calls[0] ?? null]),
      answer("a2", "a1", [calls[1] ?? null]),
      result("r1", "a1", "t1"),
      result("r2", "a2", "t2"),
      typed("u2", "never-seen", "Thanks."),
    ]);
    expect(rewinds.every((rewind) => rewind === undefined)).toBe(true);
  });

  it("passes over sub-agents' records and abandons nothing for records Claude Code keeps to itself", () => {
    const rewinds = rewindsOf([
      typed("u1", null, "Start."),
      answer("a1", "u1", said("Ready.")),
      {
        ...base,
        isSidechain: true,
        type: "user",
        uuid: "s1",
        parentUuid: null,
        message: { role: "user", content: "Side." },
      },
      { ...base, type: "progress", uuid: "p1", parentUuid: "a1" },
      typed("u2", "a1", "Go on."),
    ]);
    expect(rewinds.every((rewind) => rewind === undefined)).toBe(true);
  });

  it("forgets the places before a compaction, and all but the newest 65,536", () => {
    const compaction: JsonValue = {
      ...base,
      type: "system",
      subtype: "compact_boundary",
      uuid: "c",
      parentUuid: null,
      compactMetadata: { trigger: "auto", preTokens: 10 },
    };
    const afterCompaction = rewindsOf([
      typed("u1", null, "Start."),
      answer("a1", "u1", said("Ready.")),
      compaction,
      answer("a2", "c", said("Summary.")),
      typed("u2", "a1", "Back before it."),
    ]);
    expect(afterCompaction.at(-1)).toBeUndefined();
    // The same answer record stands for each of the many, read once: only its uuid changes.
    const tracker = createClaudeCodeRewindTracker();
    const read = createClaudeCodeRecordReader();
    const take = (json: JsonValue, place: number) => {
      const record = read(json);
      const rewind = record === undefined ? undefined : tracker.take(record, json);
      tracker.remember(place);
      return rewind;
    };
    take(typed("u0", null, "Start."), 1);
    const record = read(answer("a0", "u0", said("0")));
    if (record === undefined) throw new Error("an answer is Claude Code's");
    for (let index = 0; index <= 65_536; index += 1) {
      tracker.take(record, { uuid: `a${index}`, parentUuid: `a${index - 1}` });
      tracker.remember(index + 2);
    }
    expect(take(typed("late", "a0", "Back to the start."), 65_539)).toBeUndefined();
    expect(take(typed("later", "a2", "Back near the start."), 65_540)).toEqual({
      parent: "a2",
      place: 4,
      records: 65_535,
    });
  });
});
