import { closeSync, constants, openSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { type LogMismatchWarning, RolloutError, sessionIdSchema } from "@ctx/rollout";
import { errorCode } from "./file-system.js";
import type { LogLocation } from "./log-location.js";
import { readDescriptor } from "./log-reader.js";
import { summarizeLogBytes } from "./log-tail.js";
import { RolloutLogMismatchError } from "./rollout-log-mismatch-error.js";
import { archivedSuffix, logSuffix } from "./session-file-names.js";
import { indexedSession, summarizeLog } from "./session-from-log.js";
import type { SessionIndexSource } from "./session-index.js";
import type { IndexedSession } from "./session-index-line.js";

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

/**
 * Reads every session log in `folder` for a rebuild of the listing index, a slice of logs
 * between two turns of the event loop: the sessions whose logs can be read, and a warning for
 * each log left out because its header names another session.
 */
export async function rebuildSessions(
  folder: string,
): ReturnType<SessionIndexSource["readAllSessions"]> {
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
      return found && indexedSession(found.header, found.tail, read.whole.length, archived);
    }
    closes = false;
    return summarizeLog(read.reader, read.size, log, () => archived)
      .catch((error: unknown) => leftOut(error, warnings))
      .finally(() => closeSync(descriptor));
  } catch (error) {
    return leftOut(error, warnings);
  } finally {
    if (closes) closeSync(descriptor);
  }
}
