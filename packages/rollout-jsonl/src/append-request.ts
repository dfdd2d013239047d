import { jsonValueSchema } from "@ctx/protocol";
import { type AppendRequest, appendRequestSchema, sessionIdSchema } from "@ctx/rollout";
import { checkSchema } from "./check-argument.js";
import { hasOnlyKeys, isSequence } from "./field-checks.js";
import { encodeRecord } from "./jsonl-line.js";

/** An append request, checked, with its records encoded when the call was made. */
export interface CheckedAppend {
  readonly sessionId: string;
  readonly expectedSequence: number;
  readonly appendId: string;
  /** Each record's fields as its log line holds them ({@link encodeRecord}). */
  readonly records: readonly string[];
}

const requestKeys = new Set(["sessionId", "expectedSequence", "appendId", "records"]);
const recordKeys = new Set(["type", "payload", "checkpoint"]);

/** Whether `value` is what a zod object accepts as its input: an object, not an array. */
function isObjectInput(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `request` as an append request, when it has the shape callers give one, checked field by
 * field without a zod parse of the whole request; `undefined` when it does not, and
 * `appendRequestSchema` then gives the verdict. It accepts only what the schema accepts (a
 * property test holds it to that), so the schema stays the definition: this is the path every
 * append takes, where the schema's parse and the copy that followed it cost more than the
 * store's own work.
 */
export function asUsualAppendRequest(request: unknown): AppendRequest | undefined {
  if (!isObjectInput(request) || !hasOnlyKeys(request, requestKeys)) return undefined;
  const fields = request as Partial<Record<keyof AppendRequest, unknown>>;
  const { appendId, records } = fields;
  if (typeof fields.sessionId !== "string" || !sessionIdSchema.safeParse(fields.sessionId).success)
    return undefined;
  if (!isSequence(fields.expectedSequence)) return undefined;
  if (typeof appendId !== "string" || appendId.length === 0 || appendId.length > 256)
    return undefined;
  if (!Array.isArray(records) || records.length === 0) return undefined;
  // One walk of the whole batch: every record, and so every payload, is a JSON value.
  if (!jsonValueSchema.safeParse(records).success) return undefined;
  for (const record of records as unknown[]) {
    if (!isObjectInput(record) || !hasOnlyKeys(record, recordKeys)) return undefined;
    const { type, payload, checkpoint } = record as Record<string, unknown>;
    if (typeof type !== "string" || type === "" || payload === undefined) return undefined;
    if (checkpoint !== undefined && typeof checkpoint !== "boolean") return undefined;
  }
  return request as AppendRequest;
}

/**
 * Checks an append request and encodes its records at once: the encoded text is the store's
 * copy, so the batch written is the one given, whatever the caller changes while the append
 * waits for its lock.
 *
 * @throws {RolloutError} `invalid-argument` naming each problem, as `appendRequestSchema` does.
 */
export function checkAppendRequest(request: unknown): CheckedAppend {
  const parsed =
    asUsualAppendRequest(request) ?? checkSchema("append request", request, appendRequestSchema);
  return {
    sessionId: parsed.sessionId,
    expectedSequence: parsed.expectedSequence,
    appendId: parsed.appendId,
    records: parsed.records.map(encodeRecord),
  };
}
