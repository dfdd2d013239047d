import { readFileSync } from "node:fs";
import { codexRolloutNames, codexRolloutPath } from "@ctx/fixtures";
import type { JsonValue } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { codexReader } from "./codex-reader.js";

describe("codexReader", () => {
  it("reads each real rollout's lines, every one of them a Codex line", () => {
    for (const name of codexRolloutNames) {
      const read = codexReader.open();
      const lines = readFileSync(codexRolloutPath(name), "utf8").split("\n").filter(Boolean);
      const records = lines.map((line) => JSON.parse(line) as JsonValue);
      expect(codexReader.detects(records[0] ?? null)).toBe(true);
      const entries = records.map((record, index) => read(record, index + 1));
      expect(entries.filter((each) => each === undefined)).toEqual([]);
      const types = new Set(entries.flatMap((each) => (each ?? []).map((entry) => entry.type)));
      expect(types).toContain("session");
      expect(types).toContain("typed");
      expect(types).toContain("usage");
    }
  });

  it("gives a Codex report's running total as the key its copy shares", () => {
    const read = codexReader.open();
    const line = {
      type: "event_msg",
      payload: {
        type: "token_count",
        info: { last_token_usage: { input_tokens: 9 }, total_token_usage: { input_tokens: 9 } },
      },
    };
    expect(read(line, 1)).toEqual([
      {
        type: "usage",
        usage: { input: 9, cached: 0, output: 0, reasoning: 0 },
        copyOf: '{"input_tokens":9}',
      },
    ]);
  });

  it("leaves another agent's record to the caller, and owns only Codex's line types", () => {
    const claude = { type: "user", sessionId: "s", message: { role: "user", content: "hi" } };
    expect(codexReader.open()(claude, 1)).toBeUndefined();
    expect(codexReader.owns(claude)).toBe(false);
    expect(codexReader.owns({ type: "turn", payload: {} })).toBe(false);
    expect(codexReader.owns({ type: "event_msg", payload: {} })).toBe(true);
  });
});
