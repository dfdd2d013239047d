import { appendFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SessionInfo } from "@ctx/rollout";
import { useTemporaryFolder } from "@ctx/vitest-config/temporary-folder";
import { describe, expect, it } from "vitest";
import { createLoadedIndex } from "./loaded-index.js";
import type { IndexedSession } from "./session-index-line.js";
import { encodeIndexChange, encodeIndexHeader } from "./session-index-line.js";

function session(id: string, minute: number): IndexedSession {
  const at = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  const info: SessionInfo = {
    id,
    createdAt: at,
    updatedAt: at,
    cwd: "/repo",
    parent: undefined,
    nextSequence: 1,
    archived: false,
    meta: null,
  };
  return { info, size: 100 + minute };
}

describe("createLoadedIndex", () => {
  const folder = useTemporaryFolder("ctx-loaded-index-");
  const indexPath = () => join(folder(), ".index.jsonl");

  it("reads a rewrite back, then only the lines appended after it", async () => {
    const writer = createLoadedIndex(indexPath());
    await writer.rewrite([session("b", 2), session("a", 1)]);
    expect(writer.lines).toBe(3);
    const reader = createLoadedIndex(indexPath());
    expect(await reader.catchUp()).toBe("ready");
    expect([...reader.sessions.keys()].sort()).toEqual(["a", "b"]);
    await appendFile(
      indexPath(),
      encodeIndexChange({ deleted: "a" }) + encodeIndexChange(session("c", 3)),
    );
    expect(await reader.catchUp()).toBe("ready");
    expect([...reader.sessions.keys()].sort()).toEqual(["b", "c"]);
    expect(reader.tailLines).toBe(2);
    expect(reader.lines).toBe(5);
  });

  it("says missing without a file, and unreadable for an empty, NUL or twice-listed one", async () => {
    expect(await createLoadedIndex(indexPath()).catchUp()).toBe("missing");
    const line = encodeIndexChange(session("a", 1));
    const damaged = [
      "",
      "\0".repeat(64),
      encodeIndexHeader(1_000_000) + line,
      encodeIndexHeader(2 * Buffer.byteLength(line)) + line + line,
      line,
    ];
    for (const text of damaged) {
      await writeFile(indexPath(), text);
      expect(await createLoadedIndex(indexPath()).catchUp()).toBe("unreadable");
    }
  });

  it("reads the file from its start again once told to forget", async () => {
    const index = createLoadedIndex(indexPath());
    await index.rewrite([session("a", 1)]);
    index.apply(session("only-in-memory", 2));
    index.forget();
    expect(await index.catchUp()).toBe("ready");
    expect([...index.sessions.keys()]).toEqual(["a"]);
  });
});
