import { RolloutError } from "@ctx/rollout";
import { CtxError } from "@ctx/text";

/** The calls of one store: each run once its folder is prepared, and `close` waits for them. */
export interface StoreCalls {
  /**
   * Runs one store call: refuses it once closed, turns file-system failures into
   * `RolloutError`s, and lets `closeCalls` wait for it.
   */
  run<Result>(action: () => Promise<Result>): Promise<Result>;
  /** Refuses every later call and resolves once those under way have ended. */
  closeCalls(): Promise<void>;
}

/**
 * Tracks the calls of the store in `folder`: the first call runs `prepare` (once), later calls
 * start at once when it is done, and `closeCalls` refuses new calls and waits for the others.
 */
export function createStoreCalls(folder: string, prepare: () => Promise<void>): StoreCalls {
  let prepared: Promise<unknown> | undefined;
  let closed = false;
  /** Whether the folder is prepared: calls then start at once, not after `prepared`. */
  let ready = false;
  /** How many calls are under way, and the `closeCalls` calls that wait for them to end. */
  let active = 0;
  const idleWaiters: (() => void)[] = [];

  function asRolloutError(error: unknown): never {
    if (CtxError.isInstance(error)) throw error;
    throw new RolloutError("io-failed", `the rollout store in ${folder} failed: ${String(error)}`, {
      cause: error,
    });
  }

  function finished(): void {
    active -= 1;
    if (active === 0) for (const wake of idleWaiters.splice(0)) wake();
  }

  return {
    run(action) {
      if (closed) return Promise.reject(RolloutError.storeClosed());
      prepared ??= prepare().then(() => {
        ready = true;
      });
      const call = (ready ? action() : prepared.then(action)).catch(asRolloutError);
      active += 1;
      call.then(finished, finished);
      return call;
    },
    async closeCalls() {
      closed = true;
      if (active > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
