import { stat } from "node:fs/promises";
import { join } from "node:path";
import { type OwnRecords, type RecordSearch, RolloutError, type SessionInfo } from "@ctx/rollout";
import { errorCode, exists, openIfPresent } from "./file-system.js";
import { readBackToCheckpoint, readRecordLines } from "./jsonl-log.js";
import type { LogLocation } from "./log-location.js";
import { readOwnLogRecords } from "./read-own-log-records.js";
import { rebuildSessions } from "./rebuild-sessions.js";
import { loadSearchIndex, type SearchIndexCache } from "./search-index-file.js";
import { searchRecordLines } from "./search-record-lines.js";
import { archivedSuffix, logSuffix } from "./session-file-names.js";
import { summarizeLog } from "./session-from-log.js";
import type { SessionIndexSource } from "./session-index.js";
import type { IndexedSession } from "./session-index-line.js";

/** How the JSONL store reads a session's files: the read side, shared by reads and the index. */
export interface JsonlSessionFiles {
  logPath(id: string): string;
  archivedPath(id: string): string;
  location(id: string): LogLocation;
  /**
   * Reads a session from its own files: header, log end, archive marker; `undefined` when it
   * has no log (or a crash cut its header).
   *
   * @throws {RolloutError} `unreadable-record` for a log line that cannot be read.
   */
  readSession(id: string): Promise<IndexedSession | undefined>;
  /** The session's own records below `below`, from its latest checkpoint or from its start. */
  ownRecords(
    info: SessionInfo,
    below: number,
    from: "latest-checkpoint" | "start",
  ): Promise<OwnRecords>;
  /** The session's own records below `below` that fit `search`, read forwards from its start. */
  searchOwnRecords(info: SessionInfo, below: number, search: RecordSearch): Promise<OwnRecords>;
  /** What the listing index reads: sessions it cannot read are left out, not thrown. */
  readonly indexSource: SessionIndexSource;
}

/** The read side of the JSONL store in `folder`. */
export function createJsonlSessionFiles(folder: string): JsonlSessionFiles {
  const logPath = (id: string) => join(folder, `${id}${logSuffix}`);
  const archivedPath = (id: string) => join(folder, `${id}${archivedSuffix}`);
  const location = (id: string): LogLocation => ({ sessionId: id, path: logPath(id) });
  const searchIndexes: SearchIndexCache = new Map();

  /** Reads a session from its own files: header, log end, archive marker. */
  async function readSession(id: string): Promise<IndexedSession | undefined> {
    const handle = await openIfPresent(logPath(id), "r");
    if (handle === undefined) return undefined;
    try {
      const { size } = await handle.stat();
      return await summarizeLog(handle, size, location(id), () => exists(archivedPath(id)));
    } finally {
      await handle.close();
    }
  }

  function ownRecords(
    info: SessionInfo,
    below: number,
    from: "latest-checkpoint" | "start",
  ): Promise<OwnRecords> {
    const base = info.parent?.sequence ?? 0;
    return readOwnLogRecords(location(info.id), info, async (handle, start, committedEnd, log) =>
      from === "start"
        ? {
            records: await readRecordLines(handle, start, committedEnd, below, log, {
              sequence: base,
              line: 2,
            }),
            fromCheckpoint: false,
          }
        : readBackToCheckpoint(handle, committedEnd, below, log),
    );
  }

  function searchOwnRecords(
    info: SessionInfo,
    below: number,
    search: RecordSearch,
  ): Promise<OwnRecords> {
    const base = info.parent?.sequence ?? 0;
    return readOwnLogRecords(location(info.id), info, async (handle, start, committedEnd, log) => {
      const range = { start, first: base, committedEnd };
      const { blocks } = await loadSearchIndex(log, handle, range, searchIndexes);
      return {
        records: await searchRecordLines(
          handle,
          { start, committedEnd, below },
          log,
          base,
          search,
          blocks,
        ),
        fromCheckpoint: false,
      };
    });
  }

  return {
    logPath,
    archivedPath,
    location,
    readSession,
    ownRecords,
    searchOwnRecords,
    indexSource: {
      async readSession(id) {
        try {
          return await readSession(id);
        } catch (error) {
          if (RolloutError.isInstance(error)) return undefined;
          throw error;
        }
      },
      readAllSessions: () => rebuildSessions(folder),
      async statSession(id) {
        try {
          const { size } = await stat(logPath(id));
          return { size, archived: await exists(archivedPath(id)) };
        } catch (error) {
          if (errorCode(error) === "ENOENT") return undefined;
          throw error;
        }
      },
    },
  };
}
