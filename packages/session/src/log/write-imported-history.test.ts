import { createMemoryRolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { SessionError } from "../session-error.js";
import { readImportLines, writeImportedHistory } from "./write-imported-history.js";

describe("writeImportedHistory", () => {
  it("refuses a file without history and writes nothing", async () => {
    const store = createMemoryRolloutStore();
    const write = writeImportedHistory(store, "empty", { entries: [], cwd: "/w" }, "pi session");
    await expect(write).rejects.toThrow(
      "invalid lines: the pi session holds no history item to import",
    );
    await expect(write).rejects.toBeInstanceOf(SessionError);
    expect(await store.info("empty")).toBeUndefined();
  });

  it("writes the history as a new session under the id given", async () => {
    const store = createMemoryRolloutStore();
    const entries = [
      {
        item: {
          type: "message" as const,
          role: "user" as const,
          content: [{ type: "input_text" as const, text: "Hi" }],
        },
        origin: { source: "user" as const },
      },
    ];
    expect(await writeImportedHistory(store, "moved", { entries, cwd: "/w" }, "file")).toBe(
      "moved",
    );
    expect(await store.info("moved")).toMatchObject({ id: "moved", cwd: "/w", nextSequence: 1 });
  });
});

describe("readImportLines", () => {
  it("hands each line on in order, and refuses one that is not a string", async () => {
    const read: string[] = [];
    await readImportLines(["a", "b"], (line) => read.push(line));
    expect(read).toEqual(["a", "b"]);
    await expect(readImportLines(["a", 3 as unknown as string], () => {})).rejects.toThrow(
      "invalid lines: every line of the file must be a string",
    );
  });
});
