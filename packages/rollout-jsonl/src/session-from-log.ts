import type { SessionInfo } from "@ctx/rollout";
import type { HeaderLine } from "./jsonl-line.js";
import { readLogHeader } from "./log-header.js";
import type { LogLocation } from "./log-location.js";
import type { LogReader } from "./log-reader.js";
import { inspectLogTail, type LogTail } from "./log-tail.js";
import type { IndexedSession } from "./session-index-line.js";

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
export function indexedSession(
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

/** A session as its header and the end of its log say, read from an open log. */
export async function summarizeLog(
  reader: LogReader,
  size: number,
  log: LogLocation,
  archived: () => boolean | Promise<boolean>,
): Promise<IndexedSession | undefined> {
  const start = await readLogHeader(reader, log);
  if (start === undefined) return undefined;
  const tail = await inspectLogTail(reader, size, log);
  return indexedSession(start.header, tail, size, await archived());
}
