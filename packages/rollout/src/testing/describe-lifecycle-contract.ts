import { describe, expect, it } from "vitest";
import { appendTexts } from "./append-texts.js";
import { record, texts, type WithStore } from "./contract-setup.js";
import { rejection } from "./rejection.js";

/** The contract on the end of a session and of a client: archive, delete and close. */
export function describeLifecycleContract(withStore: WithStore): void {
  describe("archive and delete", () => {
    it("archives a session: kept and readable, but out of listings", () =>
      withStore(async (store) => {
        await store.create({ id: "s" });
        await appendTexts(store, "s", 0, [record("a")]);
        await store.archive("s");
        expect((await store.info("s"))?.archived).toBe(true);
        expect(texts((await store.read("s")).records)).toEqual(["a"]);
        expect((await store.list()).sessions).toEqual([]);
        const missing = await rejection(store.archive("missing"));
        expect(missing).toMatchObject({ code: "session-not-found" });
      }));

    it("refuses to delete a session that forks reference, then deletes it once they are gone", () =>
      withStore(async (store) => {
        await store.create({ id: "parent" });
        await appendTexts(store, "parent", 0, [record("a")]);
        await store.create({ id: "fork", parent: { sessionId: "parent", sequence: 1 } });
        const refused = await rejection(store.delete("parent"));
        expect(refused).toMatchObject({ code: "referenced-by-forks", sessionId: "parent" });
        expect(texts((await store.read("fork")).records)).toEqual(["a"]);
        await store.delete("fork");
        await store.delete("parent");
        expect(await store.info("parent")).toBeUndefined();
        expect((await store.list({ includeArchived: true })).sessions).toEqual([]);
        const gone = await rejection(store.read("parent"));
        expect(gone).toMatchObject({ code: "session-not-found" });
        const again = await rejection(store.delete("parent"));
        expect(again).toMatchObject({ code: "session-not-found" });
        await store.create({ id: "parent" });
        expect((await store.read("parent")).records).toEqual([]);
      }));
  });

  describe("close", () => {
    it("refuses calls once closed, and leaves the rollout to the next client", () =>
      withStore(async (store, storage) => {
        await store.create({ id: "s" });
        await appendTexts(store, "s", 0, [record("a")]);
        const client = await storage.open();
        await client.close();
        if (client !== store) {
          expect(texts((await store.read("s")).records)).toEqual(["a"]);
          await appendTexts(store, "s", 1, [record("b")]);
        }
        const error = await rejection(client.info("s"));
        expect(error).toMatchObject({ code: "store-closed" });
        if (storage.persistent) {
          await store.close();
          const reopened = await storage.open();
          try {
            expect(texts((await reopened.read("s")).records)).toEqual(["a", "b"]);
            expect(
              await reopened.append({
                sessionId: "s",
                expectedSequence: 2,
                appendId: "after-reopen",
                records: [record("c")],
              }),
            ).toEqual({ nextSequence: 3, duplicate: false });
          } finally {
            await reopened.close();
          }
        }
      }));
  });
}
