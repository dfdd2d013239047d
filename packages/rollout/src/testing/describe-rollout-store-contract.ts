import { describe } from "vitest";
import { z } from "zod";
import { checkSchema } from "../check-argument.js";
import { createWithStore } from "./contract-setup.js";
import { describeAppendContract } from "./describe-append-contract.js";
import { describeCreateContract } from "./describe-create-contract.js";
import { describeForkContract } from "./describe-fork-contract.js";
import { describeLifecycleContract } from "./describe-lifecycle-contract.js";
import { describeReadContract } from "./describe-read-contract.js";
import { describeSearchContract } from "./describe-search-contract.js";
import type { RolloutStoreStorage } from "./rollout-store-storage.js";

/** Options of {@link describeRolloutStoreContract}. */
export interface RolloutStoreContractOptions {
  /**
   * How many writers race on one session in the fencing test, beside the stale one: 8 by
   * default, which a store on a busy machine finishes well inside a test's limit; a soak test
   * runs the full 32.
   */
  readonly racingWriters?: number | undefined;
  /**
   * Whether the store offers the optional `searchRecords`, whose answers the suite then checks:
   * `true` by default; `false` for a store without it (readers fall back to `read`).
   */
  readonly searchRecords?: boolean | undefined;
}

const optionsSchema = z.strictObject({
  racingWriters: z.number().int().min(2).max(1_000).optional(),
  searchRecords: z.boolean().optional(),
});

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
  const checked = checkSchema("contract options", options, optionsSchema);
  const racingWriters = checked.racingWriters ?? 8;
  const withStore = createWithStore(createStorage);
  describe(`${name}: the rollout store contract`, () => {
    describeCreateContract(withStore);
    describeAppendContract(withStore, racingWriters);
    describeReadContract(withStore);
    describeForkContract(withStore);
    describeLifecycleContract(withStore);
    if (checked.searchRecords !== false) describeSearchContract(withStore);
  });
}
