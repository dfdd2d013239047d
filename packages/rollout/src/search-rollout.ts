import { checkSchema } from "./check-argument.js";
import {
  createRecordMatcher,
  type RecordSearch,
  type RecordSearchResult,
} from "./record-search.js";
import { RolloutError } from "./rollout-error.js";
import { sessionIdSchema } from "./rollout-schemas.js";
import type { RolloutStore } from "./rollout-store.js";

/**
 * The records of a session that fit `search`: the store's own `searchRecords` when it has one,
 * else its whole rollout read from the start and filtered here (the same answer, at the cost of
 * the whole read).
 *
 * @throws {RolloutError} `invalid-argument` for a store, session id or search that is not one;
 * what the store's `read` or `searchRecords` throws.
 * @example
 * ```ts
 * const { records } = await searchRollout(store, "s-1", { types: ["response_item"], texts: ["main"] });
 * ```
 */
export async function searchRollout(
  store: Pick<RolloutStore, "read" | "searchRecords">,
  sessionId: string,
  search: RecordSearch,
): Promise<RecordSearchResult> {
  if (typeof store !== "object" || store === null || typeof store.read !== "function")
    throw new RolloutError("invalid-argument", "store: expected a rollout store");
  checkSchema("session id", sessionId, sessionIdSchema);
  const matches = createRecordMatcher(search);
  if (typeof store.searchRecords === "function") return store.searchRecords(sessionId, search);
  const { records, warnings } = await store.read(sessionId, { from: "start" });
  return { records: records.filter(matches), warnings };
}
