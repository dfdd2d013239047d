import type { JsonValue } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import type { StoredRecord } from "@ctx/rollout";
import { RolloutError, storedJsonSchema } from "@ctx/rollout";
import { z } from "zod";

/** One append batch as its row keeps it. */
export interface StoredBatch {
  /** The batch's records as one JSON array, each `{ type, payload }` plus `checkpoint: true` when set. */
  readonly text: string;
  /** The places in the batch (from 0) of its checkpoint records, or `null` when it has none. */
  readonly checkpoints: number[] | null;
}

/** The records of a batch row: `JSON.parse` made the payloads, so they are JSON already. */
const storedRecordsSchema = lazySchema(() =>
  z.array(
    z
      .object({
        type: z.string().min(1),
        payload: storedJsonSchema,
        checkpoint: z.literal(true).optional(),
      })
      .strict(),
  ),
);

/**
 * The row of one append batch: its records as one JSON text (kept as the writer sent it, so a
 * payload comes back key for key, NUL characters and lone surrogates included as JSON escapes),
 * and where its checkpoints are, for the checkpoint index. The records are those the shared
 * append schema parsed, so they hold no other keys; one JSON.stringify of the whole batch, of
 * the records themselves unless one says `checkpoint: false`, which the row leaves out.
 */
export function encodeStoredBatch(
  records: readonly {
    readonly type: string;
    readonly payload: JsonValue;
    readonly checkpoint?: boolean | undefined;
  }[],
): StoredBatch {
  const checkpoints: number[] = [];
  let saysFalse = false;
  for (const [index, record] of records.entries()) {
    if (record.checkpoint === true) checkpoints.push(index);
    else if (record.checkpoint === false) saysFalse = true;
  }
  const rows = saysFalse
    ? records.map((record) =>
        record.checkpoint === true ? record : { type: record.type, payload: record.payload },
      )
    : records;
  return { text: JSON.stringify(rows), checkpoints: checkpoints.length > 0 ? checkpoints : null };
}

/**
 * The records of the batch row that starts at `sequence`, each with its sequence.
 *
 * @throws {RolloutError} `unreadable-record` when the row is not what {@link encodeStoredBatch} wrote.
 */
export function decodeStoredBatch(
  sessionId: string,
  sequence: number,
  text: string,
): StoredRecord[] {
  let parsed: z.ZodSafeParseResult<z.output<typeof storedRecordsSchema>>;
  try {
    parsed = storedRecordsSchema.safeParse(JSON.parse(text));
  } catch (error) {
    throw unreadable(sessionId, sequence, error);
  }
  if (!parsed.success) throw unreadable(sessionId, sequence, parsed.error);
  return parsed.data.map((record, index) =>
    record.checkpoint === true
      ? { sequence: sequence + index, type: record.type, payload: record.payload, checkpoint: true }
      : { sequence: sequence + index, type: record.type, payload: record.payload },
  );
}

function unreadable(sessionId: string, sequence: number, cause: unknown): RolloutError {
  return new RolloutError(
    "unreadable-record",
    `the batch of session ${sessionId} at ${sequence} cannot be read`,
    { sessionId, cause },
  );
}
