import { createStandardRegistry } from "@ctx/registry";
import { createMemoryRolloutStore, RolloutError, type RolloutStore } from "@ctx/rollout";
import { describe, expect, it } from "vitest";
import { assistant } from "../__fixtures__/items.js";
import { SessionState } from "../session-state.js";
import { createCommit } from "./commit.js";
import { itemRecord } from "./session-records.js";
import { SessionWriter } from "./session-writer.js";

const user = (text: string) => ({
  item: {
    type: "message" as const,
    role: "user" as const,
    content: [{ type: "input_text" as const, text }],
  },
  origin: { source: "user" as const },
});

function committed(store: RolloutStore) {
  const state = new SessionState(createStandardRegistry());
  const writer = new SessionWriter(store, "s", { created: false, nextSequence: 0 }, []);
  return { state, commit: createCommit(writer, state) };
}

describe("a live session's commit", () => {
  it("writes each record, then applies it, and hands back a rollback's cut", async () => {
    const store = createMemoryRolloutStore();
    const { state, commit } = committed(store);
    await commit([
      itemRecord(user("one")),
      itemRecord({ item: assistant("a"), origin: { source: "model" } }),
    ]);
    await commit([itemRecord(user("two"))]);
    const [cut] = await commit([{ type: "rollback", payload: { userTurns: 1 } }]);
    expect(cut).toEqual({ keep: 2, droppedTurns: 1, clearsBaseline: false });
    expect(state.entries).toHaveLength(2);
    const read = await store.read("s", { from: "start" });
    expect(read.records.map((record) => record.type)).toEqual([
      "response_item",
      "response_item",
      "response_item",
      "rollback",
    ]);
  });

  it("changes nothing in the state when the store refuses the write", async () => {
    const store = createMemoryRolloutStore();
    const refusing: RolloutStore = {
      ...store,
      append: async () => {
        throw new RolloutError("io-failed", "the disk is full");
      },
    };
    const { state, commit } = committed(refusing);
    await expect(commit([itemRecord(user("one"))])).rejects.toThrow("the disk is full");
    expect(state.entries).toEqual([]);
    expect(state.recordedRequest).toBeUndefined();
  });
});
