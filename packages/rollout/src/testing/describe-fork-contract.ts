import { describe, expect, it } from "vitest";
import { appendTexts } from "./append-texts.js";
import { record, texts, type WithStore } from "./contract-setup.js";
import { rejection } from "./rejection.js";

/**
 * The contract on forks: the parent's prefix, checkpoints on either side of the fork point, forks
 * of forks, and earlier records kept when a rollback or compaction is appended.
 */
export function describeForkContract(withStore: WithStore): void {
  describe("fork", () => {
    it("reads the parent's prefix below the fork point, then its own records", () =>
      withStore(async (store) => {
        await store.create({ id: "parent", cwd: "/repo" });
        let next = await appendTexts(store, "parent", 0, [record("a"), record("b")]);
        next = await appendTexts(store, "parent", next, [record("c"), record("d")]);
        const fork = await store.create({
          id: "fork",
          parent: { sessionId: "parent", sequence: 3 },
        });
        expect(fork).toMatchObject({
          nextSequence: 3,
          parent: { sessionId: "parent", sequence: 3 },
        });
        await appendTexts(store, "parent", next, [record("parent-only", true)]);
        await appendTexts(store, "fork", 3, [record("x"), record("y")]);
        const read = await store.read("fork");
        expect(texts(read.records)).toEqual(["a", "b", "c", "x", "y"]);
        expect(read.records.map((entry) => entry.sequence)).toEqual([0, 1, 2, 3, 4]);
        expect(read.session.id).toBe("fork");
        expect(texts((await store.read("parent", { from: "start" })).records)).toEqual([
          "a",
          "b",
          "c",
          "d",
          "parent-only",
        ]);
      }));

    it("resumes from the parent's latest checkpoint below the fork point, or its own", () =>
      withStore(async (store) => {
        await store.create({ id: "parent" });
        let next = await appendTexts(store, "parent", 0, [record("a"), record("p-summary", true)]);
        next = await appendTexts(store, "parent", next, [record("b"), record("late", true)]);
        await store.create({ id: "fork", parent: { sessionId: "parent", sequence: 3 } });
        expect(texts((await store.read("fork")).records)).toEqual(["p-summary", "b"]);
        const forkNext = await appendTexts(store, "fork", 3, [record("c")]);
        expect(texts((await store.read("fork")).records)).toEqual(["p-summary", "b", "c"]);
        await appendTexts(store, "fork", forkNext, [record("f-summary", true), record("d")]);
        expect(texts((await store.read("fork")).records)).toEqual(["f-summary", "d"]);
        expect(texts((await store.read("fork", { from: "start" })).records)).toEqual([
          "a",
          "p-summary",
          "b",
          "c",
          "f-summary",
          "d",
        ]);
      }));

    it("forks a fork, and forks at the very start or the very end", () =>
      withStore(async (store) => {
        await store.create({ id: "root" });
        await appendTexts(store, "root", 0, [record("a"), record("b")]);
        await store.create({ id: "empty", parent: { sessionId: "root", sequence: 0 } });
        expect((await store.read("empty")).records).toEqual([]);
        await store.create({ id: "whole", parent: { sessionId: "root", sequence: 2 } });
        await appendTexts(store, "whole", 2, [record("c")]);
        await store.create({ id: "grandchild", parent: { sessionId: "whole", sequence: 3 } });
        await appendTexts(store, "grandchild", 3, [record("d")]);
        expect(texts((await store.read("grandchild")).records)).toEqual(["a", "b", "c", "d"]);
        const early = await rejection(
          store.append({
            sessionId: "whole",
            expectedSequence: 0,
            appendId: "z",
            records: [record("z")],
          }),
        );
        expect(early).toMatchObject({ expected: 0, actual: 3 });
      }));

    it("keeps every earlier record when a rollback or compaction is appended", () =>
      withStore(async (store) => {
        await store.create({ id: "s" });
        let next = await appendTexts(store, "s", 0, [record("turn-1"), record("turn-2")]);
        next = await appendTexts(store, "s", next, [{ type: "rollback", payload: { turns: 1 } }]);
        next = await appendTexts(store, "s", next, [record("compacted", true)]);
        const all = await store.read("s", { from: "start" });
        expect(all.records.map((entry) => entry.type)).toEqual([
          "response_item",
          "response_item",
          "rollback",
          "compaction",
        ]);
        expect(next).toBe(4);
      }));
  });
}
