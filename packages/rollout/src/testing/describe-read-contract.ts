import { describe, expect, it } from "vitest";
import { appendTexts } from "./append-texts.js";
import { pause, record, texts, type WithStore } from "./contract-setup.js";
import { rejection } from "./rejection.js";

/**
 * The contract on reading: where a read starts, values handed out that cannot change the store,
 * and listing.
 */
export function describeReadContract(withStore: WithStore): void {
  describe("read", () => {
    it("starts at the latest checkpoint, or at the first record when asked", () =>
      withStore(async (store) => {
        await store.create({ id: "s" });
        let next = await appendTexts(store, "s", 0, [record("a"), record("b")]);
        next = await appendTexts(store, "s", next, [record("c"), record("summary-1", true)]);
        next = await appendTexts(store, "s", next, [record("d"), record("summary-2", true)]);
        await appendTexts(store, "s", next, [record("e")]);
        expect(texts((await store.read("s")).records)).toEqual(["summary-2", "e"]);
        expect((await store.read("s")).records[0]?.sequence).toBe(5);
        expect(texts((await store.read("s", { from: "start" })).records)).toEqual([
          "a",
          "b",
          "c",
          "summary-1",
          "d",
          "summary-2",
          "e",
        ]);
      }));

    it("reads every record when there is no checkpoint, and an empty session as empty", () =>
      withStore(async (store) => {
        await store.create({ id: "s" });
        expect((await store.read("s")).records).toEqual([]);
        await appendTexts(store, "s", 0, [record("a"), record("b")]);
        expect(texts((await store.read("s")).records)).toEqual(["a", "b"]);
        const error = await rejection(store.read("missing"));
        expect(error).toMatchObject({ code: "session-not-found" });
        const bad = await rejection(store.read("s", { from: "middle" } as never));
        expect(bad).toMatchObject({ code: "invalid-argument" });
      }));
  });

  describe("what it hands out", () => {
    it("keeps the session as written whatever the caller does to what it returned", () =>
      withStore(async (store) => {
        const meta = { tags: ["a"] };
        await store.create({ id: "s", meta });
        const payload = { list: [1], text: "a" };
        await store.append({
          sessionId: "s",
          expectedSequence: 0,
          appendId: "a",
          records: [{ type: "response_item", payload }],
        });
        meta.tags.push("passed in");
        payload.list.push(2);
        const change = (action: () => void) => {
          try {
            action();
          } catch (error) {
            // A store may hand out frozen values, which refuse the change.
            if (!(error instanceof TypeError)) throw error;
          }
        };
        const read = await store.read("s", { from: "start" });
        const info = await store.info("s");
        const page = await store.list();
        const member = (value: unknown, key: string) => (value as Record<string, unknown[]>)[key];
        change(() => member(read.records[0]?.payload, "list")?.push(3));
        change(() => Object.assign(read.records[0] ?? {}, { type: "changed" }));
        change(() => member(read.session.meta, "tags")?.push("read"));
        change(() => member(info?.meta, "tags")?.push("info"));
        change(() => member(page.sessions[0]?.meta, "tags")?.push("list"));
        const again = await store.read("s", { from: "start" });
        expect(again.records).toEqual([
          { sequence: 0, type: "response_item", payload: { list: [1], text: "a" } },
        ]);
        expect(again.session.meta).toEqual({ tags: ["a"] });
        expect((await store.info("s"))?.meta).toEqual({ tags: ["a"] });
        expect((await store.list()).sessions[0]?.meta).toEqual({ tags: ["a"] });
      }));
  });

  describe("list", () => {
    it("pages the newest sessions first, by folder, without archived ones", () =>
      withStore(async (store) => {
        const ids = ["s0", "s1", "s2", "s3", "s4", "s5", "s6"];
        for (const [index, id] of ids.entries()) {
          await store.create({ id, cwd: index % 2 === 0 ? "/even" : "/odd" });
          await pause(3);
        }
        await appendTexts(store, "s0", 0, [record("touch")]);
        await store.archive("s5");
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await store.list({
            limit: 2,
            ...(cursor === undefined ? {} : { cursor }),
          });
          expect(page.sessions.length).toBeLessThanOrEqual(2);
          seen.push(...page.sessions.map((session) => session.id));
          cursor = page.cursor;
        } while (cursor !== undefined);
        expect(seen).toEqual(["s0", "s6", "s4", "s3", "s2", "s1"]);
        const even = await store.list({ cwd: "/even" });
        expect(even.sessions.map((session) => session.id)).toEqual(["s0", "s6", "s4", "s2"]);
        expect(even.cursor).toBeUndefined();
        const all = await store.list({ includeArchived: true, cwd: "/odd" });
        expect(all.sessions.map((session) => session.id)).toEqual(["s5", "s3", "s1"]);
        expect(all.sessions[0]?.archived).toBe(true);
        expect((await store.list()).sessions[0]).toEqual(await store.info("s0"));
        const bad = await rejection(store.list({ cursor: "not-a-cursor" }));
        expect(bad).toMatchObject({ code: "invalid-argument" });
        const badLimit = await rejection(store.list({ limit: 0 }));
        expect(badLimit).toMatchObject({ code: "invalid-argument" });
      }));
  });
}
