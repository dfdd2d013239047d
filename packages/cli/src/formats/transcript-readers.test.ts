import { describe, expect, it } from "vitest";
import { claudeCodeReader } from "./claude-code-reader.js";
import { codexReader } from "./codex-reader.js";
import { ctxReader } from "./ctx-reader.js";
import { piReader } from "./pi-reader.js";
import { detectTranscriptReader, otherOwner } from "./transcript-readers.js";

const firsts = {
  codex: { type: "session_meta", payload: { id: "s" } },
  ctx: { rollout: 1, id: "s" },
  claude: { type: "summary", summary: "Fix it", leafUuid: "u" },
  pi: { type: "session", version: 3, id: "s", timestamp: "t", cwd: "/r" },
};

describe("detectTranscriptReader", () => {
  it("tells each format from its first record, and none from a record of no format", () => {
    for (const [format, first] of Object.entries(firsts)) {
      expect(detectTranscriptReader(first)?.format).toBe(format);
    }
    expect(detectTranscriptReader({ name: "root", uid: 0 })).toBeUndefined();
    expect(detectTranscriptReader([1, 2])).toBeUndefined();
  });
});

describe("otherOwner", () => {
  it("names the format a stray record belongs to, never the file's own", () => {
    const claudeRecord = { type: "user", uuid: "u", sessionId: "s", message: {} };
    expect(otherOwner(codexReader, claudeRecord)).toBe(claudeCodeReader);
    expect(otherOwner(claudeCodeReader, { type: "response_item", payload: {} })).toBe(codexReader);
    expect(otherOwner(claudeCodeReader, { type: "message", id: "m", parentId: null })).toBe(
      piReader,
    );
    expect(otherOwner(piReader, { rollout: 1, id: "s" })).toBe(ctxReader);
    expect(otherOwner(codexReader, { name: "root" })).toBeUndefined();
  });
});
