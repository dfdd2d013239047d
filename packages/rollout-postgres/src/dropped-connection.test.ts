import { appendTexts } from "@ctx/rollout/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DroppingProxy, startDroppingProxy } from "./__fixtures__/dropping-proxy.js";
import { createTestSchema, databaseUrl, type TestSchema } from "./__fixtures__/test-database.js";
import {
  createPostgresRolloutStore,
  type PostgresRolloutStore,
} from "./create-postgres-rollout-store.js";

/** The payloads of a session's records, in order. */
const payloads = async (store: PostgresRolloutStore, sessionId: string) =>
  (await store.read(sessionId)).records.map((record) => record.payload);

/** What a call ended with: its value's name, or the code of the error it threw. */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => "done",
    (error: unknown) => (error as { code?: unknown }).code,
  );

describe.runIf(databaseUrl !== undefined)("a connection the server drops", () => {
  let database: TestSchema;
  let proxy: DroppingProxy;
  const escaped: unknown[] = [];
  const keep = (error: unknown) => escaped.push(error);

  beforeEach(async () => {
    database = await createTestSchema();
    proxy = await startDroppingProxy(databaseUrl as string);
    escaped.length = 0;
    process.on("unhandledRejection", keep);
    process.on("uncaughtException", keep);
  });

  /**
   * Runs `test` on a store that reaches the server through the proxy, then checks that nothing
   * escaped the client (what it failed to handle surfaces a turn of the event loop later, if at
   * all), and closes the proxy (cutting what it holds) and the store.
   */
  async function throughProxy(
    options: { maxConnections: number; callTimeout?: number },
    test: (store: PostgresRolloutStore) => Promise<void>,
  ): Promise<void> {
    const store = createPostgresRolloutStore({
      url: proxy.url,
      schema: database.schema,
      ...options,
    });
    try {
      await test(store);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(escaped).toEqual([]);
    } finally {
      await proxy.close();
      await store.close();
    }
  }

  afterEach(async () => {
    process.off("unhandledRejection", keep);
    process.off("uncaughtException", keep);
    await proxy.close();
    await database.drop();
  });

  it("at a new connection's first query fails that call alone, typed, and the next call connects again", () =>
    throughProxy({ maxConnections: 1 }, async (store) => {
      proxy.failQueries(1, "reset");
      const first = await outcome(store.create({ id: "s" }));
      expect(proxy.failed).toBe(1);
      // The store's own call was the one cut: the client ran no query of its own first.
      expect(first).toBe("io-failed");
      expect(await outcome(store.create({ id: "s" }))).toBe("done");
      await appendTexts(store, "s", 0, [{ type: "response_item", payload: "after the drop" }]);
      expect(await payloads(store, "s")).toEqual(["after the drop"]);
    }));

  it("under appends in flight fails them as retryable, and their retries are written once", () =>
    throughProxy({ maxConnections: 2 }, async (store) => {
      const ids = Array.from({ length: 6 }, (_, index) => `s${index}`);
      for (const id of ids) await store.create({ id });
      // The flush in flight and the first query of each connection opened again after it.
      proxy.failQueries(3, "reset");
      const append = (id: string) => ({
        sessionId: id,
        expectedSequence: 0,
        appendId: `${id}-first`,
        records: [{ type: "response_item", payload: `${id} first` }],
      });
      const first = await Promise.all(ids.map((id) => outcome(store.append(append(id)))));
      expect(first.every((code) => code === "done" || code === "io-failed")).toBe(true);
      expect(first).toContain("io-failed");
      for (const [index, id] of ids.entries())
        for (let attempt = 0; ; attempt += 1) {
          const again = await outcome(store.append(append(id)));
          if (again === "done") break;
          expect(again, `${id}, retry ${attempt} (first: ${first[index]})`).toBe("io-failed");
          expect(attempt).toBeLessThan(5);
        }
      expect(proxy.failed).toBe(3);
      for (const id of ids) expect(await payloads(store, id)).toEqual([`${id} first`]);
    }));

  it("that stops answering fails the call once its time is up, as a retry that is written once", () =>
    throughProxy({ maxConnections: 2, callTimeout: 300 }, async (store) => {
      await store.create({ id: "s" });
      proxy.failQueries(1, "hold");
      const request = {
        sessionId: "s",
        expectedSequence: 0,
        appendId: "first",
        records: [{ type: "response_item", payload: "sent into the void" }],
      };
      await expect(store.append(request)).rejects.toMatchObject({ code: "io-failed" });
      expect(proxy.failed).toBe(1);
      // The held connection still waits; the retry goes on the pool's other one.
      await expect(store.append(request)).resolves.toEqual({ nextSequence: 1, duplicate: false });
      expect(await payloads(store, "s")).toEqual(["sent into the void"]);
      proxy.failQueries(1, "hold");
      await expect(store.info("s")).rejects.toMatchObject({ code: "io-failed" });
    }));
});
