import { describe, expect, it } from "vitest";
import { createMemoryRolloutStore } from "./memory-rollout-store.js";
import { describeRolloutStoreContract } from "./testing/index.js";

describeRolloutStoreContract("memory store", async () => {
  const store = createMemoryRolloutStore();
  return { open: () => store, persistent: false };
});

describe("createMemoryRolloutStore", () => {
  it("keeps what it returns apart from what the caller passed in", async () => {
    const store = createMemoryRolloutStore();
    await store.create({ id: "s" });
    const payload = { list: [1] };
    await store.append({
      sessionId: "s",
      expectedSequence: 0,
      appendId: "a",
      records: [{ type: "t", payload }],
    });
    payload.list.push(2);
    expect((await store.read("s")).records[0]?.payload).toEqual({ list: [1] });
  });
});
