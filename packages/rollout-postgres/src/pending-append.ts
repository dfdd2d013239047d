import { appendRequestSchema } from "@ctx/rollout";
import type { PendingAppend } from "./append-flush-writer.js";
import { checkSchema } from "./check-argument.js";
import { refuseUnstorableText } from "./refuse-unstorable-text.js";
import { encodeStoredBatch } from "./stored-batch.js";

/**
 * An append request checked and encoded, ready for its flush: what the caller changes afterwards
 * is not what gets written.
 *
 * @throws {RolloutError} `invalid-argument` for a request the shared append schema refuses, or
 * text a PostgreSQL `text` column cannot keep.
 */
export function pendingAppend(request: unknown): PendingAppend {
  const parsed = checkSchema("append request", request, appendRequestSchema);
  refuseUnstorableText("append request", [
    ["appendId", parsed.appendId],
    ...parsed.records.map((record, index) => [`records[${index}].type`, record.type] as const),
  ]);
  return {
    sessionId: parsed.sessionId,
    expectedSequence: parsed.expectedSequence,
    nextSequence: parsed.expectedSequence + parsed.records.length,
    appendId: parsed.appendId,
    batch: encodeStoredBatch(parsed.records),
  };
}
