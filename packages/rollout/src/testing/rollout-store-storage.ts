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
