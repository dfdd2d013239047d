import { constants } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { RolloutError } from "@ctx/rollout";
import type { FileLocks, ReleaseLock } from "./file-lock.js";
import { openIfPresent } from "./file-system.js";
import type { HeaderLine } from "./jsonl-line.js";
import type { JsonlSessionFiles } from "./jsonl-session-files.js";
import { readLogHeader } from "./log-header.js";
import { inspectLogTail, type LogTail } from "./log-tail.js";
import { createSessionLanes } from "./session-lanes.js";
import type { SearchIndexState } from "./update-search-index.js";

/** How long a store keeps a session's lock and log after its last call on them, in milliseconds. */
const idleRelease = 20;

/**
 * How a log is opened for appends: read and write, and, where the system has it, `O_DSYNC`,
 * so that each write returns once its bytes, and the size that reaches them, are on the disk,
 * as a write followed by `fdatasync` does, in one call (Windows has no such flag).
 */
const logFlags = constants.O_RDWR | (constants.O_DSYNC ?? 0);

/**
 * A session's log as a hold keeps it: opened, its header checked and its end read once, when the
 * lock is taken. While the lock is held no other store writes the log, so its end is what this
 * store's appends left, and nothing is read or checked again until the lock is let go.
 */
export interface OpenLog {
  readonly handle: FileHandle;
  /** Whether each write is durable when it returns (`O_DSYNC`); without, `fdatasync` after. */
  readonly synchronous: boolean;
  readonly header: HeaderLine;
  /** The log's end: as read when the log was opened, then as this store's appends left it. */
  tail: LogTail;
  /** The buffer this log's batches are encoded into, reused while the log stays open. */
  buffer: Buffer | undefined;
  /** Where the log's search index stands, once an append under this hold read it. */
  searchIndex: SearchIndexState | undefined;
}

/** What an action run under a session's lock gets. */
export interface SessionHold {
  /** The session's log once opened under this hold: an append that follows another finds it here. */
  readonly log: OpenLog | undefined;
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

/** A session's lock as this store holds it, with what it keeps under it. */
interface Hold extends SessionHold {
  readonly id: string;
  readonly lockPath: string;
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
  const lanes = createSessionLanes();
  /** Sessions whose lock this store let go because another store wanted it. */
  const yielded = new Set<string>();

  async function letGo(hold: Hold): Promise<void> {
    if (holds.get(hold.id) === hold) holds.delete(hold.id);
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

  /** Opens the session's log under `hold`: its header checked, its end read. */
  async function openLog(hold: Hold): Promise<OpenLog> {
    if (hold.log !== undefined) return hold.log;
    const log = files.location(hold.id);
    const handle = await openIfPresent(log.path, logFlags);
    if (handle === undefined) throw RolloutError.sessionNotFound(hold.id);
    try {
      const start = await readLogHeader(handle, log);
      if (start === undefined) throw RolloutError.sessionNotFound(hold.id);
      const { size } = await handle.stat();
      const tail = await inspectLogTail(handle, size, log);
      hold.log = {
        handle,
        synchronous: constants.O_DSYNC !== undefined,
        header: start.header,
        tail,
        buffer: undefined,
        searchIndex: undefined,
      };
      return hold.log;
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async function take(id: string): Promise<Hold> {
    const lockPath = join(folder, `${id}.lock`);
    const release = await locks.acquire(lockPath, {
      timeout: lockTimeout,
      sessionId: id,
      polite: yielded.delete(id),
    });
    const hold: Hold = {
      id,
      lockPath,
      release,
      log: undefined,
      timer: undefined,
      idleSince: undefined,
      openLog: () => openLog(hold),
    };
    holds.set(id, hold);
    return hold;
  }

  /**
   * After a call: keeps the hold for the next one (with nothing to wait for), or lets go of
   * it. Under contention the lock changes hands after every call, as if it were never kept;
   * without, it stays.
   */
  function settle(hold: Hold, keep: boolean): Promise<void> | undefined {
    const kept = keep && !locks.isWanted(hold.lockPath);
    if (keep && !kept) yielded.add(hold.id);
    if (!kept) return letGo(hold);
    hold.idleSince = performance.now();
    if (hold.timer === undefined) armIdleTimer(hold, idleRelease);
    return undefined;
  }

  /** Whether the hold is still held and no call has run for {@link idleRelease} ms. */
  function isIdle(hold: Hold): boolean {
    return (
      holds.get(hold.id) === hold &&
      hold.idleSince !== undefined &&
      performance.now() - hold.idleSince >= idleRelease
    );
  }

  /**
   * Lets go of the hold once it has been idle for {@link idleRelease} ms. A call that comes
   * meanwhile only moves `idleSince` on: the timer, when it fires, waits for the rest of the
   * idle time instead of being cleared and set again by every call (two timer calls per
   * append).
   */
  function armIdleTimer(hold: Hold, delay: number): void {
    hold.timer = setTimeout(() => {
      hold.timer = undefined;
      if (holds.get(hold.id) !== hold || hold.idleSince === undefined) return;
      const rest = hold.idleSince + idleRelease - performance.now();
      if (rest > 0) {
        armIdleTimer(hold, rest);
        return;
      }
      void lanes
        .run(hold.id, async () => {
          if (isIdle(hold)) await letGo(hold);
          else if (
            holds.get(hold.id) === hold &&
            hold.idleSince !== undefined &&
            hold.timer === undefined
          )
            armIdleTimer(hold, idleRelease);
        })
        .catch(() => undefined);
    }, delay);
  }

  return {
    async run(sessionId, action, options) {
      // A call into a free lane, on a lock already held, awaits nothing before its action.
      const entering = lanes.enter(sessionId);
      if (entering !== undefined) await entering;
      try {
        let hold = holds.get(sessionId);
        if (hold === undefined) hold = await take(sessionId);
        else hold.idleSince = undefined;
        let result: Awaited<ReturnType<typeof action>>;
        try {
          result = await action(hold);
        } catch (error) {
          // Any failure lets go: a conflict means other writers race for the session (the lock
          // then changes hands as it did before holds were kept), and any other failure may
          // leave the log's end unknown.
          await settle(hold, false)?.catch(() => undefined);
          throw error;
        }
        const letting = settle(hold, options.keep);
        if (letting !== undefined) await letting;
        return result;
      } finally {
        lanes.leave(sessionId);
      }
    },

    async releaseAll() {
      await Promise.all(
        [...holds.values()].map((hold) =>
          lanes.run(hold.id, () => (holds.get(hold.id) === hold ? letGo(hold) : Promise.resolve())),
        ),
      );
    },
  };
}
