import type { JsonValue } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { ClaudeCodeRewindPlan } from "./claude-code-rewind-plan.js";

const base = { sessionId: "s", cwd: "/repo", isSidechain: false };
const typed = (uuid: string, parentUuid: string | null): JsonValue => ({
  ...base,
  type: "user",
  uuid,
  parentUuid,
  message: { role: "user", content: `Said at ${uuid}.` },
});
const answer = (uuid: string, parentUuid: string): JsonValue => ({
  ...base,
  type: "assistant",
  uuid,
  parentUuid,
  message: { role: "assistant", content: [{ type: "text", text: "Done." }] },
});

/** The plan of `records`, one a line, and what it says of each line, asked in order. */
function planOf(records: readonly JsonValue[], memory?: number) {
  const plan = new ClaudeCodeRewindPlan(memory);
  for (const [index, record] of records.entries()) plan.take(record, index + 1);
  return records.map((_, index) => ({
    rewind: plan.rewindAt(index + 1),
    leftOut: plan.leftOut(index + 1),
  }));
}

describe("ClaudeCodeRewindPlan", () => {
  const records = [
    typed("u1", null),
    answer("a1", "u1"),
    typed("b1", "a1"),
    answer("b2", "b1"),
    { ...base, type: "progress", uuid: "p", parentUuid: "b2" },
    typed("c1", "a1"),
    answer("c2", "c1"),
    typed("d1", "u1"),
    answer("d2", "d1"),
  ];

  it("leaves out every line of the branches left, a rewind further back taking in the ones before", () => {
    const said = planOf(records);
    expect(said.map((each) => each.leftOut)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(said.map((each) => each.rewind)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      { type: "rewind", records: 2, parentLine: 2 },
      undefined,
      { type: "rewind", records: 3, parentLine: 1 },
      undefined,
    ]);
  });

  it("reads the branches past its memory of rewinds as going on, and says so once", () => {
    const said = planOf(records, 1);
    expect(said.map((each) => each.leftOut)).toEqual([
      false,
      false,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(said[7]?.rewind).toMatchObject({ type: "warning", code: "rewinds-beyond-memory" });
    expect(said.filter((each) => each.rewind !== undefined)).toHaveLength(2);
  });
});
