import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "../history/origin.js";
import { SessionError } from "../session-error.js";
import { importHistory } from "./write-imported-history.js";

/** A reader that makes each line the user's message. */
function userLines() {
  const entries: HistoryEntry[] = [];
  return {
    line(text: string) {
      entries.push({
        item: { type: "message", role: "user", content: [{ type: "input_text", text }] },
        origin: { source: "user" },
      });
    },
    finish: () => ({ entries, cwd: "/w" }),
  };
}

describe("importHistory", () => {
  it("writes the history the reader makes of the lines as a new session under the id given", async () => {
    const store = createMemoryRolloutStore();
    const imported = await importHistory(["Hi", "Go on"], userLines(), store, "moved", "file");
    expect(imported.sessionId).toBe("moved");
    expect(imported.history.entries).toHaveLength(2);
    expect(await store.info("moved")).toMatchObject({ id: "moved", cwd: "/w", nextSequence: 2 });
  });

  it("refuses a file without history and writes nothing", async () => {
    const store = createMemoryRolloutStore();
    const write = importHistory([], userLines(), store, "empty", "pi session");
    await expect(write).rejects.toThrow(
      "invalid lines: the pi session holds no history item to import",
    );
    await expect(write).rejects.toBeInstanceOf(SessionError);
    expect(await store.info("empty")).toBeUndefined();
  });

  it("refuses a line that is not a string before it writes anything", async () => {
    const store = createMemoryRolloutStore();
    const lines = ["a", 3 as unknown as string];
    await expect(importHistory(lines, userLines(), store, "mixed", "file")).rejects.toThrow(
      "invalid lines: every line of the file must be a string",
    );
    expect(await store.info("mixed")).toBeUndefined();
  });
});
