import { writeSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { type AppendResult, RolloutConflictError } from "@ctx/rollout";
import type { CheckedAppend } from "./append-request.js";
import { encodeBatchLines, type HeaderLine } from "./jsonl-line.js";
import { findRecordLine, type LogLocation } from "./jsonl-log.js";
import type { SessionHold } from "./jsonl-log-holds.js";
import { infoFromHeader } from "./jsonl-session-files.js";
import type { IndexedSession, SessionIndex } from "./session-index.js";

/** Batches up to this size are written with one synchronous call (then fdatasynced apart). */
const largestSynchronousWrite = 256 * 1024;
/** The size of the buffer a store encodes its batches into, reused by each batch that fits. */
const scratchSize = 64 * 1024;

/** Appends a checked batch to a session's log, under the session's lock. */
export type BatchAppender = (append: CheckedAppend, hold: SessionHold) => Promise<AppendResult>;

/** The session as the index lists it once the batch is in its log. */
function indexedAfter(
  sessions: ReadonlyMap<string, IndexedSession>,
  header: HeaderLine,
  state: { readonly nextSequence: number; readonly updatedAt: string; readonly size: number },
): IndexedSession {
  const { nextSequence, updatedAt, size } = state;
  const info =
    sessions.get(header.id)?.info ??
    infoFromHeader(header, { nextSequence, updatedAt, archived: false });
  return { info: { ...info, nextSequence, updatedAt }, size };
}

/**
 * The append of the JSONL store whose listing is `index`: under the session's lock, it checks
 * `expectedSequence` against the log's end (a batch already there under the same append id is
 * answered as a duplicate, anything else is a conflict), tells the index, cuts off a torn end,
 * writes the batch's lines in one write and fdatasyncs.
 */
export function createBatchAppender(
  index: SessionIndex,
  location: (sessionId: string) => LogLocation,
): BatchAppender {
  const scratch = Buffer.allocUnsafe(scratchSize);

  /**
   * Writes all of `text` (`length` bytes) at `position` with as many writes as the system
   * needs. A batch of a usual size is encoded into the scratch buffer and goes to the page
   * cache with a synchronous call, which costs microseconds and does not queue in the thread
   * pool behind other sessions' fdatasyncs; nothing else runs between the two, so one buffer
   * serves every session. A larger one is written through the thread pool so the event loop
   * never stalls on it.
   */
  async function writeAt(
    handle: FileHandle,
    text: string,
    length: number,
    position: number,
  ): Promise<void> {
    const synchronous = length <= largestSynchronousWrite;
    const bytes = length <= scratch.length ? scratch : Buffer.from(text);
    if (bytes === scratch) scratch.write(text, 0, length, "utf8");
    let written = 0;
    while (written < length) {
      written += synchronous
        ? writeSync(handle.fd, bytes, written, length - written, position + written)
        : (await handle.write(bytes, written, length - written, position + written)).bytesWritten;
    }
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
    const note = async (sessions: ReadonlyMap<string, IndexedSession> | undefined) => ({
      result: sessions !== undefined,
      changes: sessions === undefined ? [] : [indexedAfter(sessions, log.header, state)],
    });
    // The index hears of the append first: a crash before the write leaves it ahead of the
    // log, which the next listing notices by the log's size.
    const noted = await index.change(note, { complete: false });
    if (tail.tornBytes > 0) await log.handle.truncate(tail.committedEnd);
    await writeAt(log.handle, text, length, tail.committedEnd);
    await log.handle.datasync();
    log.tail = {
      committedEnd: state.size,
      nextSequence: state.nextSequence,
      appendedAt: updatedAt,
      tornBytes: 0,
    };
    if (!noted) await index.change(note, { complete: false });
    return { nextSequence: state.nextSequence, duplicate: false };
  };
}
