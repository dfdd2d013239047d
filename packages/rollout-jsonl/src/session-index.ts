import { join } from "node:path";
import {
  type PageOptions,
  pageSessions,
  type RolloutWarning,
  type SessionPage,
} from "@ctx/rollout";
import type { FileLocks } from "./file-lock.js";
import { errorCode } from "./file-system.js";
import {
  type ChangeOptions,
  createIndexChanges,
  type IndexAction,
  type IndexChanges,
} from "./index-changes.js";
import { createLoadedIndex, longestTail } from "./loaded-index.js";
import { readIndexPage } from "./read-index-page.js";
import type { IndexedSession } from "./session-index-line.js";

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

/** The file-system failures that say the directory cannot be written by this process. */
const readOnlyCodes = new Set(["EACCES", "EPERM", "EROFS"]);

/** Whether `error`, or an error it was caused by, is a refusal to write. */
function isReadOnlyFailure(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause)
    if (readOnlyCodes.has(errorCode(current) ?? "")) return true;
  return false;
}

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
export interface SessionIndex extends IndexChanges {
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
  const loaded = createLoadedIndex(path);
  /** What the last rebuilds left out, for the listing that asked for them. */
  const rebuildWarnings: RolloutWarning[] = [];
  const changes = createIndexChanges({
    path,
    lockPath: join(directory, ".index.lock"),
    locks,
    lockTimeout,
    loaded,
    async rebuild() {
      const { sessions: found, warnings } = await source.readAllSessions();
      rebuildWarnings.splice(0, rebuildWarnings.length, ...warnings);
      await loaded.rewrite(found);
    },
  });

  const index: SessionIndex = {
    change: changes.change,
    close: changes.close,

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
