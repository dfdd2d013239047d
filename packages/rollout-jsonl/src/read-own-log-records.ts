import type { FileHandle } from "node:fs/promises";
import {
  type OwnRecords,
  RolloutError,
  type SessionInfo,
  type StoredRecord,
  type TornRecordWarning,
} from "@ctx/rollout";
import { openIfPresent } from "./file-system.js";
import type { RecordLine } from "./jsonl-line.js";
import { readLogHeader } from "./log-header.js";
import type { LogLocation } from "./log-location.js";
import { inspectLogTail } from "./log-tail.js";

/**
 * Opens the session's log, finds its header and committed end, and reads its records with
 * `read`; the warning of a torn end comes with them.
 *
 * @throws {RolloutError} `session-not-found` when the log is gone or its header was cut.
 */
export async function readOwnLogRecords(
  log: LogLocation,
  info: SessionInfo,
  read: (
    handle: FileHandle,
    start: number,
    committedEnd: number,
    log: LogLocation,
  ) => Promise<{ readonly records: readonly RecordLine[]; readonly fromCheckpoint: boolean }>,
): Promise<OwnRecords> {
  const handle = await openIfPresent(log.path, "r");
  if (handle === undefined) throw RolloutError.sessionNotFound(info.id);
  try {
    const start = await readLogHeader(handle, log);
    if (start === undefined) throw RolloutError.sessionNotFound(info.id);
    const { size } = await handle.stat();
    const tail = await inspectLogTail(handle, size, log);
    const found = await read(handle, start.end, tail.committedEnd, log);
    const records = found.records.map(
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
