import { randomUUID } from "node:crypto";
import { constants, fstatSync, writeSync } from "node:fs";
import { type FileHandle, open, rename } from "node:fs/promises";
import { join } from "node:path";
import {
  isListedBefore,
  type PageOptions,
  pageSessions,
  type RolloutWarning,
  type SessionInfo,
  type SessionPage,
} from "@ctx/rollout";
import type { FileLocks } from "./file-lock.js";
import { errorCode, openIfPresent } from "./file-system.js";
import { readIndexPage } from "./read-index-page.js";
import {
  decodeIndexLine,
  encodeIndexChange,
  encodeIndexHeader,
  type IndexChange,
} from "./session-index-line.js";

/** A session as the index lists it, with the size of its log when the line was written. */
export interface IndexedSession {
  readonly info: SessionInfo;
  readonly size: number;
}

/** What the index needs from the store: the truth, read from a session's own files. */
export interface SessionIndexSource {
  /** The session as its files say, or `undefined` when it has none (or they cannot be read). */
  readSession(sessionId: string): Promise<IndexedSession | undefined>;
  /** The size of the session's log and whether it is archived, or `undefined` when it is gone. */
  statSession(sessionId: string): Promise<{ size: number; archived: boolean } | undefined>;
  /**
   * Every session with a readable log in the directory, and a warning for each log left out
   * because its header names another session.
   */
  readAllSessions(): Promise<{
    readonly sessions: readonly IndexedSession[];
    readonly warnings: readonly RolloutWarning[];
  }>;
}

/** How a change reads the index before it runs. */
export interface ChangeOptions {
  /** The action needs every indexed session: a missing or unreadable index is rebuilt first. */
  readonly complete: boolean;
  /** Rebuild the index from the logs first, whatever it holds (a listing found it unreadable). */
  readonly rebuild?: boolean;
}

/** What a caller of {@link SessionIndex.change} runs under the index lock. */
export type IndexAction<Result> = (
  sessions: ReadonlyMap<string, IndexedSession> | undefined,
) => Promise<{ readonly result: Result; readonly changes: readonly IndexChange[] }>;

/** The file-system failures that say the directory cannot be written by this process. */
const readOnlyCodes = new Set(["EACCES", "EPERM", "EROFS"]);

/** Whether `error`, or an error it was caused by, is a refusal to write. */
function isReadOnlyFailure(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause)
    if (readOnlyCodes.has(errorCode(current) ?? "")) return true;
  return false;
}

/**
 * The most lines the index keeps after its sorted part before a store that reads it rewrites
 * it: every listing reads them all, so they bound what a first page costs beyond the page.
 */
const longestTail = 256;

/**
 * The listing index of a JSONL store: one file beside the rollouts, an append-only log of
 * session states (the last line of a session wins). A rewrite (to drop replaced lines, once
 * more than {@link longestTail} lines follow the sorted part, or when it is rebuilt) writes one
 * line per session, oldest first, and says in its header how many bytes that sorted part
 * takes; a listing reads the lines after it whole and the sorted part backwards only until its
 * page is full, so a first page costs about a page, not the number of sessions. It is a cache
 * of what the rollouts say: missing or unreadable, it is rebuilt from them; each listed page is
 * checked against its sessions' files (one stat each) and corrected when a crash left it
 * behind. Every change happens under the index's lock.
 */
export interface SessionIndex {
  /**
   * Runs `action` under the index lock and records the changes it returns. With `complete`, the
   * action gets every indexed session (a missing index is rebuilt first); without, it gets what
   * this store has read so far, and a missing index is left missing (`undefined`; a later
   * rebuild reads the change from the rollouts).
   */
  change<Result>(action: IndexAction<Result>, options: ChangeOptions): Promise<Result>;
  /** Lets go of the index lock once the changes under way are recorded. */
  close(): Promise<void>;
  /**
   * A page of sessions, newest first. An index that cannot be read is rebuilt; in a directory
   * this process cannot write, the page comes from the logs, read in memory.
   */
  list(options: PageOptions): Promise<SessionPage>;
}

/** Opens the index of the JSONL store in `directory`. */
export function createSessionIndex(
  directory: string,
  locks: FileLocks,
  source: SessionIndexSource,
  lockTimeout: number,
): SessionIndex {
  const path = join(directory, ".index.jsonl");
  const lockPath = join(directory, ".index.lock");
  const sessions = new Map<string, IndexedSession>();
  let loadedInode = -1;
  let loadedBytes = 0;
  let lines = 0;
  /** Where the sorted part of the loaded file ends, and how many lines were read after it. */
  let sortedEnd = 0;
  let tailLines = 0;

  function apply(change: IndexChange): void {
    if ("deleted" in change) sessions.delete(change.deleted);
    else sessions.set(change.info.id, change);
  }

  let loading: Promise<unknown> = Promise.resolve();

  /** Runs one read or rewrite of the index at a time, since each moves what is loaded. */
  function oneAtATime<Result>(task: () => Promise<Result>): Promise<Result> {
    const next = loading.then(task, task);
    loading = next.catch(() => undefined);
    return next;
  }

  /** Reads what was appended since the last call. */
  const catchUp = () => oneAtATime(readAppended);

  /** Reads what was appended since the last read; `missing` or `unreadable` ask for a rebuild. */
  async function readAppended(): Promise<"ready" | "missing" | "unreadable"> {
    const handle = await openIfPresent(path, "r");
    if (handle === undefined) return "missing";
    try {
      const status = await handle.stat();
      if (status.ino !== loadedInode || status.size < loadedBytes) {
        sessions.clear();
        loadedInode = status.ino;
        loadedBytes = 0;
        lines = 0;
        tailLines = 0;
      }
      if (status.size === loadedBytes) return lines === 0 ? "unreadable" : "ready";
      const buffer = Buffer.allocUnsafe(status.size - loadedBytes);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, loadedBytes);
      let start = 0;
      for (
        let end = buffer.indexOf(0x0a, start);
        end !== -1 && end < bytesRead;
        end = buffer.indexOf(0x0a, start)
      ) {
        const decoded = decodeIndexLine(buffer.toString("utf8", start, end));
        if (decoded === undefined || "sortedBytes" in decoded !== (lines === 0))
          return "unreadable";
        if ("sortedBytes" in decoded) {
          sortedEnd = end + 1 - start + decoded.sortedBytes;
          if (sortedEnd > status.size) return "unreadable";
        } else {
          // The sorted part holds one line per session: a session twice there is damage.
          if (loadedBytes < sortedEnd && ("deleted" in decoded || sessions.has(decoded.info.id)))
            return "unreadable";
          apply(decoded);
          if (loadedBytes >= sortedEnd) tailLines += 1;
        }
        lines += 1;
        loadedBytes += end + 1 - start;
        start = end + 1;
      }
      // Bytes without a complete first line (an empty file, NUL bytes) are no index.
      return lines === 0 ? "unreadable" : "ready";
    } finally {
      await handle.close();
    }
  }

  /** Writes the index afresh from `entries` (under the lock) and takes it as loaded. */
  const rewrite = (entries: Iterable<IndexedSession>) => oneAtATime(() => writeAfresh(entries));

  async function writeAfresh(entries: Iterable<IndexedSession>): Promise<void> {
    const temporary = `${path}.${randomUUID()}.tmp`;
    const sorted = [...entries].sort((left, right) =>
      isListedBefore(left.info, right.info) ? 1 : -1,
    );
    let body = "";
    sessions.clear();
    for (const entry of sorted) {
      body += encodeIndexChange(entry);
      sessions.set(entry.info.id, entry);
    }
    const text = Buffer.from(encodeIndexHeader(Buffer.byteLength(body)) + body);
    // The bytes go to the page cache and the inode is read with synchronous calls (no disk
    // waits in either), so only the open, the fsync, the close and the rename take a round trip
    // through the thread pool each: on a loaded machine every round trip waits for a turn of
    // a pool thread and then of this one.
    const handle = await open(temporary, "w");
    let inode: number;
    try {
      for (let written = 0; written < text.length; ) written += writeSync(handle.fd, text, written);
      inode = fstatSync(handle.fd).ino;
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
    loadedInode = inode;
    loadedBytes = text.length;
    sortedEnd = text.length;
    lines = sorted.length + 1;
    tailLines = 0;
  }

  /** What the last rebuilds left out, for the listing that asked for them. */
  const rebuildWarnings: RolloutWarning[] = [];

  async function rebuild(): Promise<void> {
    const { sessions: found, warnings } = await source.readAllSessions();
    rebuildWarnings.splice(0, rebuildWarnings.length, ...warnings);
    await rewrite(found);
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
  const pending: PendingChange[] = [];
  let draining = false;

  /**
   * Runs every waiting change under one hold of the lock and records them in one write: with
   * many sessions appending at once, the index costs one lock and one write per group, not
   * per append.
   */
  /** Lines this store appended since it last read the index; past a bound, it reads again. */
  let unreadLines = 0;

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
        const state = forced ? "unreadable" : await catchUp();
        unreadLines = 0;
        if (state === "unreadable" || (state === "missing" && complete)) await rebuild();
        ready = state === "ready" || state === "unreadable" || complete;
        if (ready && (lines > 2 * sessions.size + 64 || tailLines > longestTail))
          await rewrite([...sessions.values()]);
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
          const outcome = await change.run(ready ? sessions : undefined);
          if (ready) {
            for (const item of outcome.changes) apply(item);
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
          // Memory now holds changes the file may not: read the file afresh next time.
          loadedInode = -1;
          throw error;
        }
      }
      for (const settle of settled) settle();
    } catch (error) {
      for (const change of group) change.reject(error);
    }
  }

  /** How long the index lock is kept after the last change, for the changes that follow. */
  const idleRelease = 20;
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
        release = await locks.acquire(lockPath, { timeout: lockTimeout, polite });
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

  const index: SessionIndex = {
    change<Result>(action: IndexAction<Result>, options: ChangeOptions): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        pending.push({
          run: async (sessions) => {
            const outcome = await action(sessions);
            return { changes: outcome.changes, settle: () => resolve(outcome.result) };
          },
          complete: options.complete,
          rebuild: options.rebuild === true,
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

    async list(options) {
      const warnings: RolloutWarning[] = [];
      const answer = (page: SessionPage): SessionPage =>
        warnings.length === 0 ? page : { ...page, warnings };
      /** Runs a change for this listing; `false` when this process cannot write the directory. */
      const changeForListing = async (
        action: IndexAction<undefined>,
        changeOptions: ChangeOptions,
      ): Promise<boolean> => {
        try {
          await index.change(action, changeOptions);
          return true;
        } catch (error) {
          if (isReadOnlyFailure(error)) return false;
          throw error;
        } finally {
          warnings.push(...rebuildWarnings.splice(0));
        }
      };
      const noChange: IndexAction<undefined> = async () => ({ result: undefined, changes: [] });
      /** The page as the logs say, read in memory, when the index cannot serve it. */
      const fromLogs = async (): Promise<SessionPage> => {
        const all = await source.readAllSessions();
        warnings.push(...all.warnings);
        return answer(
          pageSessions(
            all.sessions.map((entry) => entry.info),
            options,
          ),
        );
      };
      // Other processes may rewrite or extend the index meanwhile, so each step reads it again;
      // the attempts are bounded, and the last one answers with what it read, or from the logs.
      for (let attempt = 0; ; attempt += 1) {
        const last = attempt >= 3;
        const read = await readIndexPage(path, options);
        if (read === "missing" || read === "unreadable") {
          if (last) return fromLogs();
          // An unreadable index is rebuilt whatever the store holds of it; a missing one by
          // any complete change.
          const changed = await changeForListing(noChange, {
            complete: true,
            rebuild: read === "unreadable",
          });
          if (!changed) return fromLogs();
          continue;
        }
        if (read.tailLines > longestTail && attempt === 0) {
          // A complete change rewrites an index whose tail grew long: later listings read less.
          if (await changeForListing(noChange, { complete: true })) continue;
        }
        const checks = await Promise.all(
          read.page.sessions.map(async (info) => {
            const actual = await source.statSession(info.id);
            return actual === undefined ||
              actual.size !== read.sizes.get(info.id) ||
              actual.archived !== info.archived
              ? info.id
              : undefined;
          }),
        );
        const stale = checks.filter((id) => id !== undefined);
        if (stale.length === 0 || last) return answer(read.page);
        const corrected = await changeForListing(
          async () => ({
            result: undefined,
            changes: await Promise.all(
              stale.map(async (id) => (await source.readSession(id)) ?? { deleted: id }),
            ),
          }),
          { complete: true },
        );
        if (!corrected) return fromLogs();
      }
    },
  };
  return index;
}
