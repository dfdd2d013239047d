import { expect, it } from "vitest";
import { RolloutConflictError } from "../rollout-conflict-error.js";
import { appendTexts } from "./append-texts.js";
import { pause, record, texts, type WithStore } from "./contract-setup.js";
import { rejection } from "./rejection.js";

/**
 * The contract's tests of one writer per session, in the current `describe`: a stale or early
 * writer, two writers at one position, a retried batch, and `racingWriters` writers racing a stale
 * one.
 */
export function testFencing(withStore: WithStore, racingWriters: number): void {
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
        expect(await store.append({ ...first, records: [record("a1"), record("a2")] })).toEqual({
          nextSequence: 3,
          duplicate: false,
        });
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
        expect(await second.append({ ...first, records: [record("a1"), record("a2")] })).toEqual({
          nextSequence: 3,
          duplicate: true,
        });
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
        // Every writer and the stale one end before the verdict, whatever fails: one left
        // running would write into the folder the set-up removes, and hide the first failure.
        const outcomes = await Promise.allSettled(
          Array.from({ length: racingWriters }, (_, index) => writer(index)),
        );
        racing = false;
        outcomes.push(...(await Promise.allSettled([staleRun])));
        for (const outcome of outcomes) if (outcome.status === "rejected") throw outcome.reason;
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
}
