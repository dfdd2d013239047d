import type { JsonValue } from "@ctx/protocol";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkSchema } from "../check-argument.js";
import { RolloutConflictError } from "../rollout-conflict-error.js";
import { RolloutError } from "../rollout-error.js";
import type { RolloutRecord } from "../rollout-record.js";
import type { RolloutStore } from "../rollout-store.js";

/** Storage a contract test runs against: fresh and empty for each test. */
export interface RolloutStoreStorage {
  /**
   * A store over this storage. Each call is another client, as another process would open it
   * (a new connection, a new file handle); a store without separate clients may return one
   * instance every time.
   */
  open(): RolloutStore | Promise<RolloutStore>;
  /** Whether what one client wrote is still there for a client opened after it closed. */
  readonly persistent: boolean;
  /** Removes the storage once the test is done. */
  dispose?(): Promise<void>;
}

/** Options of {@link describeRolloutStoreContract}. */
export interface RolloutStoreContractOptions {
  /**
   * How many writers race on one session in the fencing test, beside the stale one: 8 by
   * default, which a store on a busy machine finishes well inside a test's limit; a soak test
   * runs the full 32.
   */
  readonly racingWriters?: number | undefined;
}

const optionsSchema = z.strictObject({
  racingWriters: z.number().int().min(2).max(1_000).optional(),
});

const record = (text: string, checkpoint?: boolean): RolloutRecord =>
  checkpoint === true
    ? { type: "compaction", payload: { text }, checkpoint: true }
    : { type: "response_item", payload: { text } };

const texts = (records: readonly { payload: unknown }[]) =>
  records.map((entry) => (entry.payload as { text: string }).text);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

const pause = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/** An array nested `depth` deep: JSON, but deeper than a recursive check can follow. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}

/**
 * Appends `batch` to a session that holds `from` records, with the append id `batch-{from}`, and
 * returns the session's next sequence: the contract's way to fill a store, for a store's own
 * tests too.
 */
export async function appendTexts(
  store: RolloutStore,
  sessionId: string,
  from: number,
  batch: readonly RolloutRecord[],
): Promise<number> {
  const result = await store.append({
    sessionId,
    expectedSequence: from,
    appendId: `batch-${from}`,
    records: batch,
  });
  return result.nextSequence;
}

/**
 * The rollout store contract as a Vitest suite: every rule a `RolloutStore` must keep (one
 * writer per session: appends fenced by their expected sequence, a retried batch or create
 * answered with its first result; all-or-nothing batches of validated records, values handed
 * out that changing cannot change the store, forks that reference their parent, resumes from
 * the latest checkpoint, listing, archive, delete and close). A store author calls it from a
 * test file with a factory for fresh storage:
 *
 * @example
 * ```ts
 * import { describeRolloutStoreContract } from "@ctx/rollout/testing";
 *
 * describeRolloutStoreContract("my store", async () => {
 *   const database = await createTemporaryDatabase();
 *   return { open: () => createMyRolloutStore(database), persistent: true, dispose: database.drop };
 * });
 * ```
 * @throws {RolloutError} `invalid-argument` for options of the wrong kind.
 */
export function describeRolloutStoreContract(
  name: string,
  createStorage: () => Promise<RolloutStoreStorage>,
  options: RolloutStoreContractOptions = {},
): void {
  const racingWriters = checkSchema("contract options", options, optionsSchema).racingWriters ?? 8;
  async function withStore<Result>(
    test: (store: RolloutStore, storage: RolloutStoreStorage) => Promise<Result>,
  ): Promise<Result> {
    const storage = await createStorage();
    const store = await storage.open();
    try {
      return await test(store, storage);
    } finally {
      await store.close();
      await storage.dispose?.();
    }
  }

  describe(`${name}: the rollout store contract`, () => {
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

    describe("append", () => {
      it("numbers records from the expected sequence and moves the session on", () =>
        withStore(async (store) => {
          await store.create({ id: "s" });
          const result = await store.append({
            sessionId: "s",
            expectedSequence: 0,
            appendId: "one",
            records: [record("a"), record("b")],
          });
          expect(result).toEqual({ nextSequence: 2, duplicate: false });
          expect((await store.info("s"))?.nextSequence).toBe(2);
          const read = await store.read("s");
          expect(read.records.map((entry) => entry.sequence)).toEqual([0, 1]);
          expect(read.records[0]).toEqual({ sequence: 0, ...record("a") });
          expect(read.warnings).toEqual([]);
        }));

      it("refuses a stale or early writer with a conflict and writes nothing", () =>
        withStore(async (store) => {
          await store.create({ id: "s" });
          await appendTexts(store, "s", 0, [record("a"), record("b")]);
          for (const expectedSequence of [0, 1, 3]) {
            const error = await rejection(
              store.append({
                sessionId: "s",
                expectedSequence,
                appendId: `late-${expectedSequence}`,
                records: [record("x")],
              }),
            );
            expect(RolloutConflictError.isInstance(error)).toBe(true);
            expect(error).toMatchObject({ sessionId: "s", expected: expectedSequence, actual: 2 });
          }
          expect(texts((await store.read("s")).records)).toEqual(["a", "b"]);
        }));

      it("lets one of two writers that saw one position append there, and refuses the other", () =>
        withStore(async (store, storage) => {
          await store.create({ id: "s" });
          await appendTexts(store, "s", 0, [record("seed")]);
          const second = await storage.open();
          try {
            // Both writers read the session at sequence 1; each names its batches its own way.
            const first = { sessionId: "s", expectedSequence: 1, appendId: "writer-a:1" };
            const late = { sessionId: "s", expectedSequence: 1, appendId: "writer-b:1" };
            expect(await store.append({ ...first, records: [record("a1"), record("a2")] })).toEqual(
              { nextSequence: 3, duplicate: false },
            );
            for (const attempt of [1, 2]) {
              const error = await rejection(second.append({ ...late, records: [record("b")] }));
              expect(RolloutConflictError.isInstance(error), `attempt ${attempt}`).toBe(true);
              expect(error).toMatchObject({
                code: "conflict",
                sessionId: "s",
                expected: 1,
                actual: 3,
              });
            }
            expect(
              await second.append({ ...first, records: [record("a1"), record("a2")] }),
            ).toEqual({ nextSequence: 3, duplicate: true });
            expect(texts((await second.read("s")).records)).toEqual(["seed", "a1", "a2"]);
            // The refused writer reads the session again and goes on from where it now stands.
            const info = await second.info("s");
            expect(
              await second.append({
                sessionId: "s",
                expectedSequence: info?.nextSequence ?? -1,
                appendId: "writer-b:3",
                records: [record("b")],
              }),
            ).toEqual({ nextSequence: 4, duplicate: false });
            expect(texts((await store.read("s")).records)).toEqual(["seed", "a1", "a2", "b"]);
          } finally {
            if (second !== store) await second.close();
          }
        }));

      it("treats a retried batch as a no-op that reports the first result", () =>
        withStore(async (store) => {
          await store.create({ id: "s" });
          const request = {
            sessionId: "s",
            expectedSequence: 0,
            appendId: "turn-1",
            records: [record("a"), record("b")],
          };
          await store.append(request);
          await appendTexts(store, "s", 2, [record("c")]);
          expect(await store.append(request)).toEqual({ nextSequence: 2, duplicate: true });
          const moved = await rejection(store.append({ ...request, expectedSequence: 1 }));
          expect(RolloutConflictError.isInstance(moved)).toBe(true);
          const otherId = await rejection(store.append({ ...request, appendId: "turn-9" }));
          expect(RolloutConflictError.isInstance(otherId)).toBe(true);
          expect(texts((await store.read("s")).records)).toEqual(["a", "b", "c"]);
        }));

      it("writes a batch with an invalid record not at all", () =>
        withStore(async (store) => {
          await store.create({ id: "s" });
          const invalid = [
            [record("a"), { type: "x", payload: undefined }],
            [record("a"), { type: "", payload: 1 }],
            [{ type: "x", payload: Number.NaN }],
            [],
          ];
          for (const records of invalid) {
            const error = await rejection(
              store.append({
                sessionId: "s",
                expectedSequence: 0,
                appendId: "bad",
                records: records as RolloutRecord[],
              }),
            );
            expect(error).toMatchObject({ code: "invalid-argument" });
          }
          expect((await store.info("s"))?.nextSequence).toBe(0);
          const missing = await rejection(
            store.append({ sessionId: "nobody", expectedSequence: 0, appendId: "a", records: [] }),
          );
          expect(RolloutError.isInstance(missing)).toBe(true);
        }));

      it("keeps payloads as the JSON they were", () =>
        withStore(async (store) => {
          await store.create({ id: "s" });
          const payload = {
            text: 'line\nbreak \u2028 "quoted" <environment_context> \u{1f600}',
            nested: [1, 2.5, -0.125, true, null, { deep: [] }],
          };
          await store.append({
            sessionId: "s",
            expectedSequence: 0,
            appendId: "a",
            records: [{ type: "response_item", payload }],
          });
          expect((await store.read("s")).records[0]?.payload).toEqual(payload);
        }));

      it("writes what a call was given, whatever the caller changes while it runs", () =>
        withStore(async (store) => {
          const meta: Record<string, unknown> = { owner: "first" };
          const created = store.create({ id: "s", meta: meta as JsonValue });
          meta.owner = 1n;
          expect((await created).meta).toEqual({ owner: "first" });
          const payload: Record<string, unknown> = { text: "as called", list: [1] };
          const appended = store.append({
            sessionId: "s",
            expectedSequence: 0,
            appendId: "a",
            records: [{ type: "response_item", payload: payload as JsonValue }],
          });
          payload.text = Number.NaN;
          (payload.list as unknown[]).push(() => 1);
          await appended;
          expect((await store.read("s")).records[0]?.payload).toEqual({
            text: "as called",
            list: [1],
          });
          expect((await store.info("s"))?.meta).toEqual({ owner: "first" });
        }));

      it(
        `gives every slot to exactly one of ${racingWriters} racing writers and none to a stale one`,
        () =>
          withStore(async (store, storage) => {
            await store.create({ id: "raced" });
            await appendTexts(store, "raced", 0, [record("seed")]);
            const perWriter = 4;
            let staleWins = 0;
            let staleConflicts = 0;
            let racing = true;
            const writer = async (index: number) => {
              const client = await storage.open();
              try {
                for (let written = 0; written < perWriter; ) {
                  const info = await client.info("raced");
                  try {
                    await client.append({
                      sessionId: "raced",
                      expectedSequence: info?.nextSequence ?? -1,
                      appendId: `writer-${index}-${written}`,
                      records: [record(`${index}:${written}`)],
                    });
                    written += 1;
                  } catch (error) {
                    if (!RolloutConflictError.isInstance(error)) throw error;
                  }
                }
              } finally {
                if (client !== store) await client.close();
              }
            };
            const stale = async () => {
              const client = await storage.open();
              try {
                for (let attempt = 0; racing; attempt += 1) {
                  try {
                    await client.append({
                      sessionId: "raced",
                      expectedSequence: 0,
                      appendId: `stale-${attempt}`,
                      records: [record("stale")],
                    });
                    staleWins += 1;
                  } catch (error) {
                    if (!RolloutConflictError.isInstance(error)) throw error;
                    staleConflicts += 1;
                  }
                  await pause(1);
                }
              } finally {
                if (client !== store) await client.close();
              }
            };
            const staleRun = stale();
            await Promise.all(Array.from({ length: racingWriters }, (_, index) => writer(index)));
            racing = false;
            await staleRun;
            const read = await store.read("raced", { from: "start" });
            const written = texts(read.records);
            expect(read.records.map((entry) => entry.sequence)).toEqual(
              written.map((_, sequence) => sequence),
            );
            expect(written.length).toBe(1 + racingWriters * perWriter);
            expect(new Set(written).size).toBe(written.length);
            expect(staleWins).toBe(0);
            expect(staleConflicts).toBeGreaterThan(0);
            expect((await store.info("raced"))?.nextSequence).toBe(written.length);
          }),
        120_000,
      );
    });

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
          let next = await appendTexts(store, "parent", 0, [
            record("a"),
            record("p-summary", true),
          ]);
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
  });
}
