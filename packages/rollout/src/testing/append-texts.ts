import type { RolloutRecord } from "../rollout-record.js";
import type { RolloutStore } from "../rollout-store.js";

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
