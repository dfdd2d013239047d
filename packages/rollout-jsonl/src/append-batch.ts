import type { FileHandle } from "node:fs/promises";
import { type AppendResult, RolloutConflictError } from "@ctx/rollout";
import type { CheckedAppend } from "./append-request.js";
import { encodeBatchLines, type HeaderLine } from "./jsonl-line.js";
import { findRecordLine } from "./jsonl-log.js";
import type { OpenLog, SessionHold } from "./jsonl-log-holds.js";
import type { LogLocation } from "./log-location.js";
import { infoFromHeader } from "./session-from-log.js";
import type { SessionIndex } from "./session-index.js";
import type { IndexedSession } from "./session-index-line.js";
import { updateSearchIndex } from "./update-search-index.js";

/** The most bytes a log keeps in its encoding buffer between batches. */
const largestKeptBuffer = 64 * 1024;

/** Appends a checked batch to a session's log, under the session's lock. */
export type BatchAppender = (append: CheckedAppend, hold: SessionHold) => Promise<AppendResult>;

/** The index changes an append needs: not a complete listing. */
const unlisted = { complete: false } as const;

/**
 * The index's change for a batch now in the session's log: the session's entry with the new
 * end, when the index is loaded (`result` says whether it was).
 */
function noteAppend(
  sessions: ReadonlyMap<string, IndexedSession> | undefined,
  header: HeaderLine,
  state: { readonly nextSequence: number; readonly updatedAt: string; readonly size: number },
): { readonly result: boolean; readonly changes: readonly IndexedSession[] } {
  if (sessions === undefined) return { result: false, changes: [] };
  const { nextSequence, updatedAt, size } = state;
  const info =
    sessions.get(header.id)?.info ??
    infoFromHeader(header, { nextSequence, updatedAt, archived: false });
  return { result: true, changes: [{ info: { ...info, nextSequence, updatedAt }, size }] };
}

/**
 * The append of the JSONL store whose listing is `index`: under the session's lock, it checks
 * `expectedSequence` against the log's end (a batch already there under the same append id is
 * answered as a duplicate, anything else is a conflict), tells the index, cuts off a torn end,
 * and writes the batch's lines in one durable write (`O_DSYNC`; elsewhere a write, then
 * `fdatasync`) before it answers.
 */
export function createBatchAppender(
  index: SessionIndex,
  location: (sessionId: string) => LogLocation,
): BatchAppender {
  /**
   * The batch's text encoded, in the log's own buffer when it fits one kept: a session has one
   * append in flight at a time, so its buffer is free again once a write returned.
   */
  function encode(log: OpenLog, text: string, length: number): Buffer {
    if (length > largestKeptBuffer) return Buffer.from(text);
    if (log.buffer === undefined || log.buffer.length < length)
      log.buffer = Buffer.allocUnsafe(Math.min(largestKeptBuffer, Math.max(length, 4096) * 2));
    log.buffer.write(text, 0, length, "utf8");
    return log.buffer;
  }

  /**
   * Writes the first `length` bytes of `bytes` at `position` with as many writes as the
   * system needs, through the thread pool: on a log opened with `O_DSYNC` each write returns
   * once it is durable, so the event loop never waits on the disk.
   */
  async function writeAt(
    handle: FileHandle,
    bytes: Buffer,
    length: number,
    position: number,
  ): Promise<void> {
    for (let written = 0; written < length; )
      written += (await handle.write(bytes, written, length - written, position + written))
        .bytesWritten;
  }

  return async (append, hold) => {
    const id = append.sessionId;
    const log = hold.log ?? (await hold.openLog());
    const { tail } = log;
    if (append.expectedSequence !== tail.nextSequence) {
      if (append.expectedSequence < tail.nextSequence) {
        const first = await findRecordLine(
          log.handle,
          tail.committedEnd,
          append.expectedSequence,
          location(id),
        );
        if (first?.batch === append.appendId)
          return {
            nextSequence: append.expectedSequence + append.records.length,
            duplicate: true,
          };
      }
      throw RolloutConflictError.forWrite(id, append.expectedSequence, tail.nextSequence);
    }
    const updatedAt = new Date().toISOString();
    const text = encodeBatchLines(append.records, tail.nextSequence, append.appendId, updatedAt);
    const length = Buffer.byteLength(text);
    const state = {
      nextSequence: tail.nextSequence + append.records.length,
      updatedAt,
      size: tail.committedEnd + length,
    };
    // The index hears of the append first: a crash before the write leaves it ahead of the
    // log, which the next listing notices by the log's size. (The actions are written in
    // place, not named: a named closure costs a call that names it, per append.)
    const noted = await index.change(
      async (sessions) => noteAppend(sessions, log.header, state),
      unlisted,
    );
    if (tail.tornBytes > 0) await log.handle.truncate(tail.committedEnd);
    await writeAt(log.handle, encode(log, text, length), length, tail.committedEnd);
    if (!log.synchronous) await log.handle.datasync();
    log.tail = {
      committedEnd: state.size,
      nextSequence: state.nextSequence,
      appendedAt: updatedAt,
      tornBytes: 0,
    };
    log.searchIndex = await updateSearchIndex(
      log.handle,
      location(id),
      state.size,
      log.searchIndex,
    );
    if (!noted)
      await index.change(async (sessions) => noteAppend(sessions, log.header, state), unlisted);
    return { nextSequence: state.nextSequence, duplicate: false };
  };
}
