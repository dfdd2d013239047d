import type { RolloutRecord } from "../rollout-record.js";
import type { RolloutStore } from "../rollout-store.js";
import type { RolloutStoreStorage } from "./rollout-store-storage.js";

/** Runs `test` on a store over fresh storage, then closes the store and disposes the storage. */
export type WithStore = <Result>(
  test: (store: RolloutStore, storage: RolloutStoreStorage) => Promise<Result>,
) => Promise<Result>;

/** The {@link WithStore} of the storage `createStorage` makes, one fresh storage a test. */
export function createWithStore(createStorage: () => Promise<RolloutStoreStorage>): WithStore {
  return async (test) => {
    const storage = await createStorage();
    const store = await storage.open();
    let failed = false;
    try {
      return await test(store, storage);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // A failed test's own error is the one to see: cleanup after it may fail too (a folder
      // still being written), and would replace it.
      const cleanup = (async () => {
        await store.close();
        await storage.dispose?.();
      })();
      if (failed) await cleanup.catch(() => undefined);
      else await cleanup;
    }
  };
}

/** A record whose payload is `{ text }`: a compaction checkpoint when `checkpoint` is true. */
export const record = (text: string, checkpoint?: boolean): RolloutRecord =>
  checkpoint === true
    ? { type: "compaction", payload: { text }, checkpoint: true }
    : { type: "response_item", payload: { text } };

/** The texts of records made by {@link record}, in order. */
export const texts = (records: readonly { payload: unknown }[]) =>
  records.map((entry) => (entry.payload as { text: string }).text);

export const pause = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));
