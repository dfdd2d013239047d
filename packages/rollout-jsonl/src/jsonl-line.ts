import type { JsonValue } from "@ctx/protocol";
import { lazySchema, toSchemaIssues } from "@ctx/protocol/internal";
import {
  parentReferenceSchema,
  RolloutError,
  sequenceSchema,
  sessionIdSchema,
  storedJsonSchema,
} from "@ctx/rollout";
import { z } from "zod";
import { hasOnlyKeys, isSequence } from "./field-checks.js";

/** The first line of a JSONL rollout: who the session is. Written once, never changed. */
export const headerLineSchema = lazySchema(() =>
  z
    .object({
      rollout: z.literal(1),
      id: sessionIdSchema,
      createdAt: z.iso.datetime(),
      cwd: z.string().min(1).optional(),
      parent: parentReferenceSchema.optional(),
      meta: storedJsonSchema,
    })
    .strict(),
);

/**
 * Every later line: one record. The first line of a batch carries the batch's append id; the
 * last carries `end` and the time of the append, so a batch cut short by a crash is recognised
 * as a whole.
 */
export const recordLineSchema = lazySchema(() =>
  z
    .object({
      sequence: sequenceSchema,
      type: z.string().min(1),
      payload: storedJsonSchema,
      checkpoint: z.literal(true).optional(),
      batch: z.string().min(1).optional(),
      end: z.literal(true).optional(),
      at: z.iso.datetime().optional(),
    })
    .strict()
    .refine((line) => (line.end === true) === (line.at !== undefined), {
      message: "a batch's last line carries both end and at",
    }),
);

export type HeaderLine = z.output<typeof headerLineSchema>;
export type RecordLine = z.output<typeof recordLineSchema>;

/** The pattern `z.iso.datetime()` checks (its defaults: `Z` only, any precision). */
const datetimePattern = lazySchema(() =>
  z.regexes.datetime({ precision: null, offset: false, local: false }),
);
const recordKeys = new Set(["sequence", "type", "payload", "checkpoint", "batch", "end", "at"]);
const headerKeys = new Set(["rollout", "id", "createdAt", "cwd", "parent", "meta"]);
const parentKeys = new Set(["sessionId", "sequence"]);

/**
 * The record line `value` (what `JSON.parse` made of a line) is, when it has the shape this
 * store writes, checked field by field without building a zod parse; `undefined` when it does
 * not, and {@link recordLineSchema} then gives the verdict. It accepts only what the schema
 * accepts (a test checks the two agree), so the schema stays the definition: this is the path
 * each of the many lines a resume or a rebuild reads takes, where a schema's parse per line
 * cost more than the read.
 */
function asWrittenRecordLine(value: object): RecordLine | undefined {
  const line = value as Partial<Record<keyof RecordLine, unknown>>;
  if (!hasOnlyKeys(value, recordKeys)) return undefined;
  if (!isSequence(line.sequence) || typeof line.type !== "string" || line.type === "")
    return undefined;
  if (line.payload === undefined) return undefined;
  if (line.checkpoint !== undefined && line.checkpoint !== true) return undefined;
  if (line.batch !== undefined && (typeof line.batch !== "string" || line.batch === ""))
    return undefined;
  if (line.end === undefined) return line.at === undefined ? (value as RecordLine) : undefined;
  if (line.end !== true || typeof line.at !== "string") return undefined;
  return datetimePattern.test(line.at) ? (value as RecordLine) : undefined;
}

/**
 * The header line `value` is, checked as {@link asWrittenRecordLine} checks a record. An id
 * equal to `expectedId`, a session id already checked, needs no check of its own: a rebuild
 * reads a header per log.
 */
function asWrittenHeaderLine(value: unknown, expectedId: string): HeaderLine | undefined {
  if (typeof value !== "object" || value === null || !hasOnlyKeys(value, headerKeys))
    return undefined;
  const header = value as Partial<Record<keyof HeaderLine, unknown>>;
  if (header.rollout !== 1 || header.meta === undefined) return undefined;
  if (header.id !== expectedId && !sessionIdSchema.safeParse(header.id).success) return undefined;
  if (typeof header.createdAt !== "string" || !datetimePattern.test(header.createdAt))
    return undefined;
  if (header.cwd !== undefined && (typeof header.cwd !== "string" || header.cwd === ""))
    return undefined;
  const { parent } = header;
  if (parent !== undefined) {
    if (typeof parent !== "object" || parent === null || !hasOnlyKeys(parent, parentKeys))
      return undefined;
    const reference = parent as { sessionId?: unknown; sequence?: unknown };
    if (!isSequence(reference.sequence) || !sessionIdSchema.safeParse(reference.sessionId).success)
      return undefined;
  }
  return value as HeaderLine;
}

/** Where a line sits, for the error that names it. */
export interface LineLocation {
  /** The session the log is read for: an id `sessionIdSchema` accepts. */
  readonly sessionId: string;
  readonly path: string;
  readonly offset: number;
  readonly line?: number | undefined;
}

/** The error for a complete line of a log that cannot be read, naming where it is. */
export function unreadableLineError(
  location: LineLocation,
  reason: string,
  cause?: unknown,
): RolloutError {
  const where =
    location.line === undefined
      ? `the line at byte ${location.offset}`
      : `line ${location.line} (byte ${location.offset})`;
  return new RolloutError(
    "unreadable-record",
    `${where} of ${location.path} cannot be read: ${reason}`,
    {
      sessionId: location.sessionId,
      path: location.path,
      offset: location.offset,
      ...(location.line === undefined ? {} : { line: location.line }),
      ...(cause === undefined ? {} : { cause }),
    },
  );
}

/** The error for a line its schema refuses, naming each problem. */
function schemaError(location: LineLocation, error: z.ZodError): RolloutError {
  const issues = toSchemaIssues(error).map((issue) => `${issue.path || "line"}: ${issue.message}`);
  return unreadableLineError(location, issues.join("; "));
}

/**
 * Parses one complete line of a JSONL rollout (without its line end) as a header or a record.
 *
 * @throws {RolloutError} `unreadable-record`, naming the line, when it is not one.
 */
export function parseLogLine(
  bytes: Uint8Array,
  location: LineLocation,
): { readonly header: HeaderLine } | { readonly record: RecordLine } {
  let value: unknown;
  try {
    const text =
      bytes instanceof Buffer
        ? bytes
        : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    value = JSON.parse(text.toString("utf8"));
  } catch (error) {
    throw unreadableLineError(location, "it is not JSON", error);
  }
  if (typeof value === "object" && value !== null && "sequence" in value) {
    const line = asWrittenRecordLine(value);
    if (line !== undefined) return { record: line };
    const parsed = recordLineSchema.safeParse(value);
    if (!parsed.success) throw schemaError(location, parsed.error);
    return { record: parsed.data };
  }
  const header = asWrittenHeaderLine(value, location.sessionId);
  if (header !== undefined) return { header };
  const parsed = headerLineSchema.safeParse(value);
  if (!parsed.success) throw schemaError(location, parsed.error);
  return { header: parsed.data };
}

/** The header line of a new session, with its line end. */
export function encodeHeaderLine(header: HeaderLine): string {
  return `${JSON.stringify(header)}\n`;
}

/** A record of a batch, as an append request holds it. */
export interface BatchRecord {
  readonly type: string;
  readonly payload: JsonValue;
  readonly checkpoint?: boolean | undefined;
}

/**
 * A record's fields as its log line holds them (type, payload, and the checkpoint flag when
 * set), encoded as JSON text once: the text is also the store's copy of the record, taken when
 * an append is called, so what the caller changes afterwards is not what gets written.
 */
export function encodeRecord(record: BatchRecord): string {
  const fields = `,"type":${JSON.stringify(record.type)},"payload":${JSON.stringify(record.payload)}`;
  return record.checkpoint === true ? `${fields},"checkpoint":true` : fields;
}

/**
 * A batch's lines from its records' {@link encodeRecord} text, numbered from `first`, as one
 * string ready for one write. Each line is what `JSON.stringify` writes of
 * `{sequence, type, payload, checkpoint?, batch?, end?, at?}`: the first line carries the
 * append id, the last `end` and the time of the append.
 */
export function encodeBatchLines(
  records: readonly string[],
  first: number,
  appendId: string,
  at: string,
): string {
  const last = records.length - 1;
  let text = "";
  for (let offset = 0; offset <= last; offset += 1) {
    text += `{"sequence":${first + offset}${records[offset]}`;
    if (offset === 0) text += `,"batch":${JSON.stringify(appendId)}`;
    text += offset === last ? `,"end":true,"at":${JSON.stringify(at)}}\n` : "}\n";
  }
  return text;
}

/** A batch's lines, numbered from `first`, as one string ready for one write. */
export function encodeBatch(
  records: readonly BatchRecord[],
  first: number,
  appendId: string,
  at: string,
): string {
  return encodeBatchLines(records.map(encodeRecord), first, appendId, at);
}
