import type { FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { RolloutError } from "@ctx/rollout";
import type { FileLocks, ReleaseLock } from "./file-lock.js";
import { openIfPresent } from "./file-system.js";
import type { HeaderLine } from "./jsonl-line.js";
import { inspectLogTail, type LogTail, readLogHeader } from "./jsonl-log.js";
import type { JsonlSessionFiles } from "./jsonl-session-files.js";

/** How long a store keeps a session's lock and log after its last call on them, in milliseconds. */
const idleRelease = 20;

/**
 * A session's log as a hold keeps it: opened, its header checked and its end read once, when the
 * lock is taken. While the lock is held no other store writes the log, so its end is what this
 * store's appends left, and nothing is read or checked again until the lock is let go.
 */
export interface OpenLog {
  readonly handle: FileHandle;
  readonly header: HeaderLine;
  /** The log's end: as read when the log was opened, then as this store's appends left it. */
  tail: LogTail;
}

/** What an action run under a session's lock gets. */
export interface SessionHold {
  /**
   * The session's log, opened on first use under the hold.
   *
   * @throws {RolloutError} `session-not-found` when it has no log (or a crash cut its header).
   * @throws {RolloutLogMismatchError} when the log's header names another session.
   */
  openLog(): Promise<OpenLog>;
}

/** The session locks one JSONL store holds, with the logs it keeps open under them. */
export interface LogHolds {
  /**
   * Runs `action` holding the session's lock: one action at a time per session in this store,
   * one store at a time across stores and processes. With `keep`, the lock and the open log
   * stay held after a call that succeeded, so appends that follow one another cost one write
   * and one `fdatasync` each; they are let go after {@link idleRelease} ms without a call, or
   * at the end of a call when another store is found waiting for the lock. Without `keep`, or
   * after a failure (a conflict included), they are let go before the call answers.
   */
  run<Result>(
    sessionId: string,
    action: (hold: SessionHold) => Promise<Result>,
    options: { readonly keep: boolean },
  ): Promise<Result>;
  /** Lets go of every lock and log still held (the store is closing). */
  releaseAll(): Promise<void>;
}

interface Hold {
  readonly release: ReleaseLock;
  log: OpenLog | undefined;
  /** The idle timer, armed once and moved on by `idleSince` rather than set again per call. */
  timer: ReturnType<typeof setTimeout> | undefined;
  /** When the last call ended (`performance.now()`), or `undefined` while a call runs. */
  idleSince: number | undefined;
}

/** The holds of the JSONL store in `folder`. */
export function createLogHolds(
  folder: string,
  locks: FileLocks,
  files: JsonlSessionFiles,
  lockTimeout: number,
): LogHolds {
  const holds = new Map<string, Hold>();
  const queues = new Map<string, Promise<unknown>>();
  /** Sessions whose lock this store let go because another store wanted it. */
  const yielded = new Set<string>();
  const lockPath = (id: string) => join(folder, `${id}.lock`);

  async function letGo(id: string, hold: Hold): Promise<void> {
    if (holds.get(id) === hold) holds.delete(id);
    clearTimeout(hold.timer);
    hold.timer = undefined;
    const log = hold.log;
    hold.log = undefined;
    try {
      await log?.handle.close();
    } finally {
      await hold.release();
    }
  }

  /** Runs `step` after the session's earlier steps in this store. */
  function queue<Result>(id: string, step: () => Promise<Result>): Promise<Result> {
    const previous = queues.get(id) ?? Promise.resolve();
    const result = previous.then(step, step);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    queues.set(id, settled);
    settled.then(() => {
      if (queues.get(id) === settled) queues.delete(id);
    });
    return result;
  }

  function sessionHold(id: string, hold: Hold): SessionHold {
    return {
      async openLog() {
        if (hold.log !== undefined) return hold.log;
        const log = files.location(id);
        const handle = await openIfPresent(log.path, "r+");
        if (handle === undefined) throw RolloutError.sessionNotFound(id);
        try {
          const start = await readLogHeader(handle, log);
          if (start === undefined) throw RolloutError.sessionNotFound(id);
          const { size } = await handle.stat();
          const tail = await inspectLogTail(handle, size, log);
          hold.log = { handle, header: start.header, tail };
          return hold.log;
        } catch (error) {
          await handle.close();
          throw error;
        }
      },
    };
  }

  /** After a call: keeps the hold for the next one, or lets go of it. */
  async function settle(id: string, hold: Hold, keep: boolean): Promise<void> {
    // One synchronous stat after each call: under contention the lock changes hands after
    // every call, as if it were never kept; without, it stays.
    const kept = keep && !locks.isWanted(lockPath(id));
    if (keep && !kept) yielded.add(id);
    if (!kept) return letGo(id, hold);
    hold.idleSince = performance.now();
    if (hold.timer === undefined) armIdleTimer(id, hold, idleRelease);
  }

  /** Whether the hold is still held and no call has run for {@link idleRelease} ms. */
  function isIdle(id: string, hold: Hold): boolean {
    return (
      holds.get(id) === hold &&
      hold.idleSince !== undefined &&
      performance.now() - hold.idleSince >= idleRelease
    );
  }

  /**
   * Lets go of the hold once it has been idle for {@link idleRelease} ms. A call that comes
   * meanwhile only moves `idleSince` on: the timer, when it fires, waits for the rest of the
   * idle time instead of being cleared and set again by every call (two timer calls per
   * append, about as costly as the stat that checks the log).
   */
  function armIdleTimer(id: string, hold: Hold, delay: number): void {
    hold.timer = setTimeout(() => {
      hold.timer = undefined;
      if (holds.get(id) !== hold || hold.idleSince === undefined) return;
      const rest = hold.idleSince + idleRelease - performance.now();
      if (rest > 0) {
        armIdleTimer(id, hold, rest);
        return;
      }
      void queue(id, async () => {
        if (isIdle(id, hold)) await letGo(id, hold);
        else if (holds.get(id) === hold && hold.idleSince !== undefined && hold.timer === undefined)
          armIdleTimer(id, hold, idleRelease);
      }).catch(() => undefined);
    }, delay);
  }

  return {
    run(sessionId, action, options) {
      return queue(sessionId, async () => {
        let hold = holds.get(sessionId);
        if (hold === undefined) {
          const release = await locks.acquire(lockPath(sessionId), {
            timeout: lockTimeout,
            sessionId,
            polite: yielded.delete(sessionId),
          });
          hold = { release, log: undefined, timer: undefined, idleSince: undefined };
          holds.set(sessionId, hold);
        } else hold.idleSince = undefined;
        let result: Awaited<ReturnType<typeof action>>;
        try {
          result = await action(sessionHold(sessionId, hold));
        } catch (error) {
          // Any failure lets go: a conflict means other writers race for the session (the lock
          // then changes hands as it did before holds were kept), and any other failure may
          // leave the log's end unknown.
          await settle(sessionId, hold, false).catch(() => undefined);
          throw error;
        }
        await settle(sessionId, hold, options.keep);
        return result;
      });
    },

    async releaseAll() {
      await Promise.all(
        [...holds].map(([id, hold]) =>
          queue(id, () => (holds.get(id) === hold ? letGo(id, hold) : Promise.resolve())),
        ),
      );
    },
  };
}
