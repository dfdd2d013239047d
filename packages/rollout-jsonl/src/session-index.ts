import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { type FileHandle, open, rename, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  isListedBefore,
  type PageOptions,
  RolloutError,
  type SessionInfo,
  type SessionPage,
} from "@ctx/rollout";
import type { FileLocks } from "./file-lock.js";
import { openIfPresent } from "./file-system.js";
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
  /** The ids of every session with a log in the directory. */
  listSessionIds(): Promise<string[]>;
}

/** What a caller of {@link SessionIndex.change} runs under the index lock. */
export type IndexAction<Result> = (
  sessions: ReadonlyMap<string, IndexedSession> | undefined,
) => Promise<{ readonly result: Result; readonly changes: readonly IndexChange[] }>;

/** How many sessions a rebuild reads at once. */
const rebuildConcurrency = 16;

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
  change<Result>(
    action: IndexAction<Result>,
    options: { readonly complete: boolean },
  ): Promise<Result>;
  /** A page of sessions, newest first. */
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
      if (status.size === loadedBytes) return "ready";
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
        if ("sortedBytes" in decoded) sortedEnd = end + 1 - start + decoded.sortedBytes;
        else {
          apply(decoded);
          if (loadedBytes >= sortedEnd) tailLines += 1;
        }
        lines += 1;
        loadedBytes += end + 1 - start;
        start = end + 1;
      }
      return "ready";
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
    const header = encodeIndexHeader(Buffer.byteLength(body));
    const handle = await open(temporary, "w");
    try {
      await handle.writeFile(header + body);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
    const status = await stat(path);
    loadedInode = status.ino;
    loadedBytes = status.size;
    sortedEnd = status.size;
    lines = sorted.length + 1;
    tailLines = 0;
  }

  async function rebuild(): Promise<void> {
    const ids = await source.listSessionIds();
    const found: IndexedSession[] = [];
    for (let start = 0; start < ids.length; start += rebuildConcurrency) {
      const read = await Promise.all(
        ids.slice(start, start + rebuildConcurrency).map((id) => source.readSession(id)),
      );
      for (const entry of read) if (entry !== undefined) found.push(entry);
    }
    await rewrite(found);
  }

  interface PendingChange {
    /** Runs the change's action; `settle` answers its caller once the change is recorded. */
    readonly run: (
      sessions: ReadonlyMap<string, IndexedSession> | undefined,
    ) => Promise<{ readonly changes: readonly IndexChange[]; readonly settle: () => void }>;
    readonly complete: boolean;
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
      let ready: boolean;
      if (complete || unreadLines > longestTail) {
        const state = await catchUp();
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
          await hold.appender.write(changes.map(encodeIndexChange).join(""));
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

  /** How long one hold of the index lock may last while changes keep coming. */
  const longestHold = 50;

  /**
   * Runs the waiting changes. The lock is held while more keep coming (up to `longestHold`
   * milliseconds), so a busy store takes it once for many groups, and other processes still get
   * their turn.
   */
  async function drain(): Promise<void> {
    draining = true;
    try {
      while (pending.length > 0) {
        let release: () => Promise<void>;
        try {
          release = await locks.acquire(lockPath, { timeout: lockTimeout });
        } catch (error) {
          for (const change of pending.splice(0)) change.reject(error);
          continue;
        }
        const hold: Hold = { appender: undefined, opened: false };
        try {
          const heldSince = Date.now();
          do {
            const group = pending.splice(0);
            await runGroup(group, hold);
            // Let the appends this group answered reach their next step before looking again.
            await new Promise((resolve) => setImmediate(resolve));
          } while (pending.length > 0 && Date.now() - heldSince < longestHold);
        } finally {
          await closeAppender(hold).catch(() => undefined);
          await release();
        }
      }
    } finally {
      draining = false;
    }
  }

  const index: SessionIndex = {
    change<Result>(
      action: IndexAction<Result>,
      options: { readonly complete: boolean },
    ): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        pending.push({
          run: async (sessions) => {
            const outcome = await action(sessions);
            return { changes: outcome.changes, settle: () => resolve(outcome.result) };
          },
          complete: options.complete,
          reject,
        });
        if (!draining) void drain();
      });
    },

    async list(options) {
      // Other processes may rewrite or extend the index meanwhile, so each step reads it again;
      // the attempts are bounded, and the last one answers with what it read.
      for (let attempt = 0; ; attempt += 1) {
        const last = attempt >= 3;
        const read = await readIndexPage(path, options);
        if (read === "missing" || read === "unreadable") {
          if (last)
            throw new RolloutError("io-failed", `the session index ${path} could not be rebuilt`, {
              path,
            });
          // A complete change rebuilds a missing or unreadable index.
          await index.change(async () => ({ result: undefined, changes: [] }), { complete: true });
          continue;
        }
        if (read.tailLines > longestTail && attempt === 0) {
          // A complete change rewrites an index whose tail grew long: later listings read less.
          await index.change(async () => ({ result: undefined, changes: [] }), { complete: true });
          continue;
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
        if (stale.length === 0 || last) return read.page;
        await index.change(
          async () => ({
            result: undefined,
            changes: await Promise.all(
              stale.map(async (id) => (await source.readSession(id)) ?? { deleted: id }),
            ),
          }),
          { complete: true },
        );
      }
    },
  };
  return index;
}
