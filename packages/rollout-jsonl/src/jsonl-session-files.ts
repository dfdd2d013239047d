import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  type OwnRecords,
  RolloutError,
  type SessionInfo,
  type StoredRecord,
  sessionIdSchema,
  type TornRecordWarning,
} from "@ctx/rollout";
import { errorCode, exists, openIfPresent } from "./file-system.js";
import type { HeaderLine } from "./jsonl-line.js";
import {
  inspectLogTail,
  type LogLocation,
  readBackToCheckpoint,
  readLogHeader,
  readRecordLines,
} from "./jsonl-log.js";
import type { IndexedSession, SessionIndexSource } from "./session-index.js";

const logSuffix = ".jsonl";

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
  /** What the listing index reads: sessions it cannot read are left out, not thrown. */
  readonly indexSource: SessionIndexSource;
}

/** The read side of the JSONL store in `folder`. */
export function createJsonlSessionFiles(folder: string): JsonlSessionFiles {
  const logPath = (id: string) => join(folder, `${id}${logSuffix}`);
  const archivedPath = (id: string) => join(folder, `${id}.archived`);
  const location = (id: string): LogLocation => ({ sessionId: id, path: logPath(id) });

  /** Reads a session from its own files: header, log end, archive marker. */
  async function readSession(id: string): Promise<IndexedSession | undefined> {
    const handle = await openIfPresent(logPath(id), "r");
    if (handle === undefined) return undefined;
    try {
      const start = await readLogHeader(handle, location(id));
      if (start === undefined) return undefined;
      const { size } = await handle.stat();
      const tail = await inspectLogTail(handle, size, location(id));
      const info = infoFromHeader(start.header, {
        nextSequence: tail.nextSequence,
        updatedAt: tail.appendedAt ?? start.header.createdAt,
        archived: await exists(archivedPath(id)),
      });
      return { info, size };
    } finally {
      await handle.close();
    }
  }

  async function ownRecords(
    info: SessionInfo,
    below: number,
    from: "latest-checkpoint" | "start",
  ): Promise<OwnRecords> {
    const log = location(info.id);
    const handle = await openIfPresent(log.path, "r");
    if (handle === undefined) throw RolloutError.sessionNotFound(info.id);
    try {
      const start = await readLogHeader(handle, log);
      if (start === undefined) throw RolloutError.sessionNotFound(info.id);
      const { size } = await handle.stat();
      const tail = await inspectLogTail(handle, size, log);
      const base = info.parent?.sequence ?? 0;
      const found =
        from === "start"
          ? {
              records: await readRecordLines(handle, start.end, tail.committedEnd, below, log, {
                sequence: base,
                line: 2,
              }),
              fromCheckpoint: false,
            }
          : await readBackToCheckpoint(handle, tail.committedEnd, below, log);
      const lines = found.records;
      const records = lines.map(
        (line): StoredRecord => ({
          sequence: line.sequence,
          type: line.type,
          payload: line.payload,
          ...(line.checkpoint === true ? { checkpoint: true } : {}),
        }),
      );
      const warnings: TornRecordWarning[] =
        tail.tornBytes === 0
          ? []
          : [
              {
                code: "torn-record",
                message: `session ${info.id} ends with ${tail.tornBytes} bytes of an append a crash cut short; they were skipped`,
                sessionId: info.id,
                offset: tail.committedEnd,
                bytes: tail.tornBytes,
              },
            ];
      return { records, fromCheckpoint: found.fromCheckpoint, warnings };
    } finally {
      await handle.close();
    }
  }

  return {
    logPath,
    archivedPath,
    location,
    readSession,
    ownRecords,
    indexSource: {
      async readSession(id) {
        try {
          return await readSession(id);
        } catch (error) {
          if (RolloutError.isInstance(error)) return undefined;
          throw error;
        }
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
      async listSessionIds() {
        const names = await readdir(folder);
        return names
          .filter((name) => name.endsWith(logSuffix))
          .map((name) => name.slice(0, -logSuffix.length))
          .filter((id) => sessionIdSchema.safeParse(id).success);
      },
    },
  };
}
