import { constants, writeSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import type { FileLocks } from "./file-lock.js";
import { openIfPresent } from "./file-system.js";
import { type LoadedIndex, longestTail } from "./loaded-index.js";
import type { IndexedSession } from "./session-index-line.js";
import { encodeIndexChange, type IndexChange } from "./session-index-line.js";

/** How a change reads the index before it runs. */
export interface ChangeOptions {
  /** The action needs every indexed session: a missing or unreadable index is rebuilt first. */
  readonly complete: boolean;
  /** Rebuild the index from the logs first, whatever it holds (a listing found it unreadable). */
  readonly rebuild?: boolean;
}

/** What a caller of {@link IndexChanges.change} runs under the index lock. */
export type IndexAction<Result> = (
  sessions: ReadonlyMap<string, IndexedSession> | undefined,
) => Promise<{ readonly result: Result; readonly changes: readonly IndexChange[] }>;

/** Where {@link createIndexChanges} records changes, and how it takes the index lock. */
export interface IndexChangesOptions {
  /** The index file. */
  readonly path: string;
  readonly lockPath: string;
  readonly locks: FileLocks;
  readonly lockTimeout: number;
  readonly loaded: LoadedIndex;
  /** Writes the index afresh from the sessions' own files (under the lock). */
  readonly rebuild: () => Promise<void>;
}

/** The changes of one store to its index, run under the index lock. */
export interface IndexChanges {
  /**
   * Runs `action` under the index lock and records the changes it returns. With `complete`, the
   * action gets every indexed session (a missing index is rebuilt first); without, it gets what
   * this store has read so far, and a missing index is left missing (`undefined`; a later
   * rebuild reads the change from the rollouts).
   */
  change<Result>(action: IndexAction<Result>, options: ChangeOptions): Promise<Result>;
  /** Lets go of the index lock once the changes under way are recorded. */
  close(): Promise<void>;
}

interface PendingChange {
  /** Runs the change's action; `settle` answers its caller once the change is recorded. */
  readonly run: (
    sessions: ReadonlyMap<string, IndexedSession> | undefined,
  ) => Promise<{ readonly changes: readonly IndexChange[]; readonly settle: () => void }>;
  readonly complete: boolean;
  readonly rebuild: boolean;
  readonly reject: (error: unknown) => void;
}

/** One hold of the index lock: the handle its groups append with, opened once. */
interface Hold {
  appender: FileHandle | undefined;
  opened: boolean;
}

async function closeAppender(hold: Hold): Promise<void> {
  const { appender } = hold;
  hold.appender = undefined;
  hold.opened = false;
  await appender?.close();
}

/** How long the index lock is kept after the last change, for the changes that follow. */
const idleRelease = 20;

/**
 * Queues the changes of one store to its index and runs every waiting change under one hold of
 * the lock, recorded in one write: with many sessions appending at once, the index costs one
 * lock and one write per group, not per append.
 */
export function createIndexChanges(options: IndexChangesOptions): IndexChanges {
  const { path, lockPath, locks, loaded } = options;
  const pending: PendingChange[] = [];
  let draining = false;
  /** Lines this store appended since it last read the index; past a bound, it reads again. */
  let unreadLines = 0;

  /** Runs a group of changes; the caller holds the index lock. */
  async function runGroup(group: PendingChange[], hold: Hold): Promise<void> {
    const settled: (() => void)[] = [];
    try {
      // Appends need no reading: their lines go to the end. Only a change that needs every
      // session, or a store that wrote many lines unread, reads (and maybe compacts) the index.
      const complete = group.some((change) => change.complete);
      const forced = group.some((change) => change.rebuild);
      let ready: boolean;
      if (complete || forced || unreadLines > longestTail) {
        const state = forced ? "unreadable" : await loaded.catchUp();
        unreadLines = 0;
        if (state === "unreadable" || (state === "missing" && complete)) await options.rebuild();
        ready = state === "ready" || state === "unreadable" || complete;
        if (
          ready &&
          (loaded.lines > 2 * loaded.sessions.size + 64 || loaded.tailLines > longestTail)
        )
          await loaded.rewrite([...loaded.sessions.values()]);
        // A rebuild or a rewrite replaced the file the hold may have open.
        await closeAppender(hold);
      } else {
        if (!hold.opened) {
          hold.appender = await openIfPresent(path, constants.O_WRONLY | constants.O_APPEND);
          hold.opened = true;
        }
        ready = hold.appender !== undefined;
      }
      const changes: IndexChange[] = [];
      for (const change of group) {
        try {
          const outcome = await change.run(ready ? loaded.sessions : undefined);
          if (ready) {
            for (const item of outcome.changes) loaded.apply(item);
            changes.push(...outcome.changes);
          }
          settled.push(outcome.settle);
        } catch (error) {
          settled.push(() => change.reject(error));
        }
      }
      if (changes.length > 0) {
        try {
          hold.appender ??= await open(path, constants.O_WRONLY | constants.O_APPEND);
          hold.opened = true;
          // A later catch-up reads these lines again; applying a line twice changes nothing.
          // A few lines into the page cache, never synced: written at once, they do not wait in
          // the thread pool behind the logs' fdatasyncs, which every append here waits for.
          const text = Buffer.from(changes.map(encodeIndexChange).join(""));
          for (let written = 0; written < text.length; )
            written += writeSync(hold.appender.fd, text, written);
          unreadLines += changes.length;
        } catch (error) {
          loaded.forget();
          throw error;
        }
      }
      for (const settle of settled) settle();
    } catch (error) {
      for (const change of group) change.reject(error);
    }
  }

  let closing = false;
  let drained: Promise<void> = Promise.resolve();
  /** Wakes a drain that waits for the next change. */
  let wake: (() => void) | undefined;

  /** Resolves when a change comes, the store closes, or `idleRelease` ms pass. */
  function nextChange(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, idleRelease);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });
  }

  /**
   * Runs the waiting changes. The lock is kept while more keep coming (and up to `idleRelease`
   * ms after the last), so a busy store takes it once for many groups; it is let go as soon as
   * another store is found waiting for it, and taken again politely.
   */
  async function drain(): Promise<void> {
    let polite = false;
    while (pending.length > 0) {
      let release: () => Promise<void>;
      try {
        release = await locks.acquire(lockPath, { timeout: options.lockTimeout, polite });
      } catch (error) {
        for (const change of pending.splice(0)) change.reject(error);
        continue;
      }
      polite = false;
      const hold: Hold = { appender: undefined, opened: false };
      try {
        for (;;) {
          if (pending.length === 0 && !closing) await nextChange();
          if (pending.length === 0) break;
          await runGroup(pending.splice(0), hold);
          // Let the appends this group answered reach their next step before looking again.
          await new Promise((resolve) => setImmediate(resolve));
          if (locks.isWanted(lockPath)) {
            polite = true;
            break;
          }
        }
      } finally {
        await closeAppender(hold).catch(() => undefined);
        // A lock lost meanwhile fails the changes still waiting, never the drain: its callers
        // would wait for ever, and the drain's rejection would go unhandled.
        await release().catch((error: unknown) => {
          for (const change of pending.splice(0)) change.reject(error);
        });
      }
    }
  }

  return {
    change<Result>(action: IndexAction<Result>, changeOptions: ChangeOptions): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        pending.push({
          run: async (sessions) => {
            const outcome = await action(sessions);
            return { changes: outcome.changes, settle: () => resolve(outcome.result) };
          },
          complete: changeOptions.complete,
          rebuild: changeOptions.rebuild === true,
          reject,
        });
        if (wake !== undefined) wake();
        else if (!draining) {
          draining = true;
          drained = drain().finally(() => {
            draining = false;
          });
        }
      });
    },

    async close() {
      closing = true;
      wake?.();
      await drained.catch(() => undefined);
    },
  };
}
