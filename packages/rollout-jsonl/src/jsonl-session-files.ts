import { closeSync, constants, openSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  type LogMismatchWarning,
  type OwnRecords,
  type RecordSearch,
  RolloutError,
  type SessionInfo,
  sessionIdSchema,
} from "@ctx/rollout";
import { errorCode, exists, openIfPresent } from "./file-system.js";
import type { HeaderLine } from "./jsonl-line.js";
import { readBackToCheckpoint, readRecordLines } from "./jsonl-log.js";
import { readLogHeader } from "./log-header.js";
import type { LogLocation } from "./log-location.js";
import { type LogReader, readDescriptor } from "./log-reader.js";
import { inspectLogTail, type LogTail, summarizeLogBytes } from "./log-tail.js";
import { readOwnLogRecords } from "./read-own-log-records.js";
import { RolloutLogMismatchError } from "./rollout-log-mismatch-error.js";
import { loadSearchIndex, type SearchIndexCache } from "./search-index-file.js";
import { searchRecordLines } from "./search-record-lines.js";
import type { SessionIndexSource } from "./session-index.js";
import type { IndexedSession } from "./session-index-line.js";

const logSuffix = ".jsonl";
const archivedSuffix = ".archived";
/** How many bytes of each log's start a rebuild reads in one call (most logs whole). */
const rebuildPrefix = 64 * 1024;
/** How many logs a rebuild reads between two turns of the event loop. */
const rebuildSlice = 64;

/** The warning for a log left out of the listing because its header names another session. */
function mismatchWarning(error: RolloutLogMismatchError): LogMismatchWarning {
  return {
    code: "log-mismatch",
    message: `the listing left out ${error.path}: it is named for session ${error.sessionId} but belongs to session ${error.headerSessionId}`,
    sessionId: error.sessionId,
    headerSessionId: error.headerSessionId,
    path: error.path,
  };
}

/** How a rebuild opens the logs: the flags it opens the next one with. */
interface RebuildOpening {
  flags: number;
}

/**
 * The flags a rebuild starts with: read-only and, where the system has it, without updating
 * the access time. A rebuild reads every log, and on a `relatime` mount the first read of a log
 * written since its last read updates its access time: an inode written back per log.
 */
const rebuildFlags = (): RebuildOpening => ({
  flags: constants.O_RDONLY | (constants.O_NOATIME ?? 0),
});

/**
 * Opens a log for a rebuild; `undefined` when it is gone. Only a file's owner may open it
 * without updating its access time (`EPERM` for others), so after such a refusal this and every
 * later log of the rebuild are opened the usual way.
 */
function openForRebuild(path: string, opening: RebuildOpening): number | undefined {
  for (;;) {
    try {
      return openSync(path, opening.flags);
    } catch (error) {
      const code = errorCode(error);
      if (code === "ENOENT") return undefined;
      if (code !== "EPERM" || opening.flags === constants.O_RDONLY) throw error;
      opening.flags = constants.O_RDONLY;
    }
  }
}

/**
 * Answers `undefined` for a log a rebuild leaves out: one whose header names another session
 * (with a warning), one that cannot be read as a log, or a folder named like one.
 *
 * @throws the error itself for any other failure (the file system's).
 */
function leftOut(error: unknown, warnings: LogMismatchWarning[]): undefined {
  if (RolloutLogMismatchError.isInstance(error)) warnings.push(mismatchWarning(error));
  else if (!RolloutError.isInstance(error) && errorCode(error) !== "EISDIR") throw error;
  return undefined;
}

/** A session's state as its header and the end of its log say. */
export function infoFromHeader(
  header: HeaderLine,
  state: { nextSequence: number; updatedAt: string; archived: boolean },
): SessionInfo {
  return {
    id: header.id,
    createdAt: header.createdAt,
    updatedAt: state.updatedAt,
    cwd: header.cwd,
    parent: header.parent,
    nextSequence: state.nextSequence,
    archived: state.archived,
    meta: header.meta,
  };
}

/** A session as the index lists it, from its log's header and tail. */
function indexed(
  header: HeaderLine,
  tail: LogTail,
  size: number,
  archived: boolean,
): IndexedSession {
  const info = infoFromHeader(header, {
    nextSequence: tail.nextSequence,
    updatedAt: tail.appendedAt ?? header.createdAt,
    archived,
  });
  return { info, size };
}

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

  /** A session as its header and the end of its log say, read from an open log. */
  async function summarize(
    reader: LogReader,
    size: number,
    log: LogLocation,
    archived: () => boolean | Promise<boolean>,
  ): Promise<IndexedSession | undefined> {
    const start = await readLogHeader(reader, log);
    if (start === undefined) return undefined;
    const tail = await inspectLogTail(reader, size, log);
    return indexed(start.header, tail, size, await archived());
  }

  /** Reads a session from its own files: header, log end, archive marker. */
  async function readSession(id: string): Promise<IndexedSession | undefined> {
    const handle = await openIfPresent(logPath(id), "r");
    if (handle === undefined) return undefined;
    try {
      const { size } = await handle.stat();
      return await summarize(handle, size, location(id), () => exists(archivedPath(id)));
    } finally {
      await handle.close();
    }
  }

  /**
   * Reads one log for a rebuild with synchronous calls (open, one read of its start, close),
   * parsing only its header and its last batch's end: `undefined` when it is gone, is a folder,
   * was cut before its header's end, or cannot be read. A log longer than `scratch` costs a
   * stat and reads of its end, and the answer is then a promise, settled before `scratch` is
   * used again; a short one costs no turn of the event loop.
   */
  function summarizeForRebuild(
    path: string,
    id: string,
    archived: boolean,
    warnings: LogMismatchWarning[],
    scratch: Buffer,
    opening: RebuildOpening,
  ): IndexedSession | Promise<IndexedSession | undefined> | undefined {
    const descriptor = openForRebuild(path, opening);
    if (descriptor === undefined) return undefined;
    const log: LogLocation = { sessionId: id, path };
    let closes = true;
    try {
      const read = readDescriptor(descriptor, scratch);
      if ("whole" in read) {
        const found = summarizeLogBytes(read.whole, log);
        return found && indexed(found.header, found.tail, read.whole.length, archived);
      }
      closes = false;
      return summarize(read.reader, read.size, log, () => archived)
        .catch((error: unknown) => leftOut(error, warnings))
        .finally(() => closeSync(descriptor));
    } catch (error) {
      return leftOut(error, warnings);
    } finally {
      if (closes) closeSync(descriptor);
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
      async readAllSessions() {
        const names = await readdir(folder);
        const archived = new Set(
          names
            .filter((name) => name.endsWith(archivedSuffix))
            .map((name) => name.slice(0, -archivedSuffix.length)),
        );
        const sessions: IndexedSession[] = [];
        const warnings: LogMismatchWarning[] = [];
        // One buffer for the first bytes of every log, read one log at a time; each log's path
        // is the folder's, as join makes it once, and the file's name.
        const scratch = Buffer.allocUnsafe(rebuildPrefix);
        const opening = rebuildFlags();
        const inFolder = join(folder, logSuffix).slice(0, -logSuffix.length);
        let read = 0;
        for (const name of names) {
          if (!name.endsWith(logSuffix)) continue;
          const id = name.slice(0, -logSuffix.length);
          if (!sessionIdSchema.safeParse(id).success) continue;
          if (read > 0 && read % rebuildSlice === 0)
            await new Promise((resolve) => setImmediate(resolve));
          read += 1;
          const found = summarizeForRebuild(
            inFolder + name,
            id,
            archived.has(id),
            warnings,
            scratch,
            opening,
          );
          const session = found instanceof Promise ? await found : found;
          if (session !== undefined) sessions.push(session);
        }
        return { sessions, warnings };
      },
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
