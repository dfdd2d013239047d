import { describe, expect, it } from "vitest";
import { RolloutConflictError } from "../rollout-conflict-error.js";
import { RolloutError } from "../rollout-error.js";
import { appendTexts } from "./append-texts.js";
import { record, texts, type WithStore } from "./contract-setup.js";
import { rejection } from "./rejection.js";

/**
 * The contract on `create`: what a new session holds, taken ids, retried creates and refused
 * requests.
 */
export function describeCreateContract(withStore: WithStore): void {
  describe("create", () => {
    it("creates an empty session with what it was given", () =>
      withStore(async (store) => {
        const info = await store.create({ id: "first", cwd: "/repo", meta: { model: "m" } });
        expect(info).toMatchObject({
          id: "first",
          cwd: "/repo",
          parent: undefined,
          nextSequence: 0,
          archived: false,
          meta: { model: "m" },
        });
        expect(info.updatedAt).toBe(info.createdAt);
        expect(await store.info("first")).toEqual(info);
        expect(await store.info("missing")).toBeUndefined();
      }));

    it("generates an id when none is given", () =>
      withStore(async (store) => {
        const first = await store.create({});
        const second = await store.create({});
        expect(first.id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);
        expect(second.id).not.toBe(first.id);
        expect(first.meta).toBeNull();
      }));

    it("refuses a taken id with a conflict", () =>
      withStore(async (store) => {
        await store.create({ id: "taken" });
        await appendTexts(store, "taken", 0, [record("a")]);
        const error = await rejection(store.create({ id: "taken" }));
        expect(RolloutConflictError.isInstance(error)).toBe(true);
        expect(error).toMatchObject({ sessionId: "taken", expected: undefined, actual: 1 });
      }));

    it("answers a retried create with the session while nothing is appended, from any client", () =>
      withStore(async (store, storage) => {
        const request = { id: "s", cwd: "/repo", meta: { model: "m", tags: ["a"] } };
        const created = await store.create(request);
        const client = await storage.open();
        try {
          // The answer to the first create was lost: the writer sends it again, as it was.
          const retried = await client.create({
            id: "s",
            meta: { tags: ["a"], model: "m" },
            cwd: "/repo",
          });
          expect(retried).toEqual(created);
          for (const other of [
            { id: "s" },
            { id: "s", cwd: "/other", meta: request.meta },
            { id: "s", cwd: "/repo", meta: { model: "n", tags: ["a"] } },
          ]) {
            const error = await rejection(client.create(other));
            expect(RolloutConflictError.isInstance(error)).toBe(true);
            expect(error).toMatchObject({ sessionId: "s", expected: undefined, actual: 0 });
          }
          expect(await appendTexts(client, "s", 0, [record("a")])).toBe(1);
          const late = await rejection(store.create(request));
          expect(late).toMatchObject({ code: "conflict", expected: undefined, actual: 1 });
          await store.create({ id: "fork", parent: { sessionId: "s", sequence: 1 } });
          expect(
            await client.create({ id: "fork", parent: { sessionId: "s", sequence: 1 } }),
          ).toMatchObject({ id: "fork", nextSequence: 1 });
          const elsewhere = await rejection(
            client.create({ id: "fork", parent: { sessionId: "s", sequence: 0 } }),
          );
          expect(RolloutConflictError.isInstance(elsewhere)).toBe(true);
          expect(texts((await store.read("s")).records)).toEqual(["a"]);
        } finally {
          if (client !== store) await client.close();
        }
      }));

    it("refuses a request it could not read back and keeps no session of it", () =>
      withStore(async (store) => {
        for (const meta of [
          Number.NaN,
          { at: new Date(0) },
          { missing: undefined },
          { call: () => 1 },
          { deep: nested(100_000) },
        ]) {
          const error = await rejection(store.create({ id: "s", meta } as never));
          expect(error).toMatchObject({ code: "invalid-argument" });
        }
        expect(await store.info("s")).toBeUndefined();
        expect((await store.list()).sessions).toEqual([]);
      }));

    it("refuses bad arguments and parents that cannot be forked", () =>
      withStore(async (store) => {
        for (const request of [{ id: "has/slash" }, { id: "" }, { cwd: 3 }, { extra: true }]) {
          const error = await rejection(store.create(request as never));
          expect(error).toMatchObject({ code: "invalid-argument" });
        }
        await store.create({ id: "short" });
        await appendTexts(store, "short", 0, [record("a")]);
        for (const parent of [
          { sessionId: "absent", sequence: 0 },
          { sessionId: "short", sequence: 2 },
        ]) {
          const error = await rejection(store.create({ parent }));
          expect(RolloutError.isInstance(error)).toBe(true);
          expect(error).toMatchObject({ code: "invalid-parent" });
        }
      }));
  });
}

/** An array nested `depth` deep: JSON, but deeper than a recursive check can follow. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}
