import {
  type AnswerEnding,
  answerEndingSchema,
  type CacheDiagnostics,
  cacheDiagnosticsSchema,
  type JsonValue,
  jsonValueSchema,
  type ResponseItem,
  responseItemSchema,
} from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { type CompactionState, compactionStateSchema } from "@ctx/registry";
import type { RolloutRecord } from "@ctx/rollout";
import { z } from "zod";
import {
  type CompactionTrigger,
  compactionTriggerSchema,
} from "../compaction/compaction-report.js";
import type { HistoryEntry, Origin } from "../history/origin.js";

/** The schema of an {@link Origin}: by its `source`, so a wrong one is named as such. */
export const originSchema: z.ZodType<Origin> = lazySchema(() =>
  z.discriminatedUnion("source", [
    z.object({ source: z.literal("user") }),
    z.object({ source: z.literal("context"), kinds: z.array(z.string()) }),
    z.object({ source: z.literal("model") }),
    z.object({ source: z.literal("tool") }),
  ]),
);

const tokenCountSchema = lazySchema(() => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));

/** The schema of `session.reportUsage`'s argument, and of a `reported_usage` record's payload. */
export const reportedUsageSchema = lazySchema(() =>
  z.strictObject({
    totalTokens: tokenCountSchema,
    inputTokens: tokenCountSchema.optional(),
    cachedInputTokens: tokenCountSchema.optional(),
    cacheWriteTokens: tokenCountSchema.optional(),
    outputTokens: tokenCountSchema.optional(),
    reasoningTokens: tokenCountSchema.optional(),
  }),
);

/** The schema of a {@link HistoryEntry}. */
export const historyEntrySchema = lazySchema(() =>
  z.object({ item: responseItemSchema, origin: originSchema }),
);

/**
 * The records a session writes, and what each payload means:
 * - `turn`: a turn begins (`index` counts turns from 1); the first carries the session's base
 *   instructions, so a resume sends the same ones;
 * - `response_item`: one history item and its origin (the origin is never sent);
 * - `world_state`: the sections' snapshots once the turn's context is recorded: the full value
 *   when the full context was sent, otherwise an RFC 7386 merge patch of the previous value;
 * - `rollback`: the last `userTurns` real user turns were dropped;
 * - `reported_usage`: the provider's usage of the latest response as `session.reportUsage` took
 *   it, `totalTokens` and each count the provider gave (as the reference's `token_count` records
 *   them), so a resume compares the same total with its limits; a record of `totalTokens` alone,
 *   all that earlier versions wrote, reads the same;
 * - `cache_diagnostics`: what the provider said of its prompt cache for the answer recorded just
 *   before (its `cacheDiagnostics`), for the reader of the rollout (`ctx inspect`); a rollout
 *   written before it replays the same;
 * - `answer_ending`: the answer recorded just before did not complete (`ending` is `cut`,
 *   `refused`, `failed` or `aborted`); a completed answer writes none;
 * - `compaction` (a checkpoint): the history was compacted; the payload is the whole state from
 *   there on (see `CompactionCheckpoint`) and the compaction's trigger, so a resume reads
 *   from the latest one forward. The new history is `replacementHistory` (the items, as other
 *   rollout readers expect them) with the origin of each item at the same index in `origins`;
 *   `lastRequest`, the leading items of the last request sent before it (and their origins,
 *   `null` for a synthetic output), is what the first request after a resume is compared with.
 */
export const sessionRecordSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("turn"),
      payload: z.object({
        index: z.number().int().positive(),
        model: z.string(),
        baseInstructions: z.string().exactOptional(),
      }),
    }),
    z.object({
      type: z.literal("response_item"),
      payload: historyEntrySchema,
    }),
    z.object({
      type: z.literal("world_state"),
      payload: z.object({ full: z.boolean(), state: jsonValueSchema }),
    }),
    z.object({
      type: z.literal("rollback"),
      payload: z.object({ userTurns: z.number().int().positive() }),
    }),
    z.object({
      type: z.literal("reported_usage"),
      payload: reportedUsageSchema,
    }),
    z.object({
      type: z.literal("cache_diagnostics"),
      payload: cacheDiagnosticsSchema,
    }),
    z.object({
      type: z.literal("answer_ending"),
      payload: z.object({ ending: answerEndingSchema }),
    }),
    z.object({
      type: z.literal("compaction"),
      payload: z.object({
        trigger: compactionTriggerSchema,
        replacementHistory: z.array(responseItemSchema),
        origins: z.array(originSchema),
        snapshots: z.record(z.string(), jsonValueSchema),
        fullContext: z.boolean(),
        contextPlacement: z.literal("before-last-user-message").exactOptional(),
        turnCount: z.number().int().min(0),
        model: z.string().exactOptional(),
        baseInstructions: z.string().exactOptional(),
        lastRequest: z
          .object({ items: z.array(responseItemSchema), origins: z.array(originSchema.nullable()) })
          .exactOptional(),
        compactionState: compactionStateSchema.exactOptional(),
      }),
    }),
  ]),
);

/**
 * The type of every record a session writes, the ones {@link sessionRecordSchema} reads: the one
 * list a replay and a rollout reader check a record's type against. Written out rather than read
 * from the schema, so that importing the session builds no schema.
 */
export const sessionRecordTypes: ReadonlySet<string> = new Set([
  "turn",
  "response_item",
  "world_state",
  "rollback",
  "reported_usage",
  "cache_diagnostics",
  "answer_ending",
  "compaction",
] satisfies SessionRecord["type"][]);

/**
 * One record of a session's rollout, as {@link sessionRecordSchema} reads it back: what the
 * session writes and applies to its state (with the items' own types).
 */
export type SessionRecord =
  | {
      readonly type: "turn";
      readonly payload: { index: number; model: string; baseInstructions?: string };
    }
  | { readonly type: "response_item"; readonly payload: HistoryEntry }
  | { readonly type: "world_state"; readonly payload: { full: boolean; state: JsonValue } }
  | { readonly type: "rollback"; readonly payload: { userTurns: number } }
  | { readonly type: "reported_usage"; readonly payload: z.infer<typeof reportedUsageSchema> }
  | { readonly type: "cache_diagnostics"; readonly payload: CacheDiagnostics }
  | { readonly type: "answer_ending"; readonly payload: { ending: AnswerEnding } }
  | { readonly type: "compaction"; readonly payload: CompactionPayload };

/** What a `compaction` record holds: a `CompactionCheckpoint` and its trigger. */
export interface CompactionPayload {
  readonly trigger: CompactionTrigger;
  readonly replacementHistory: readonly ResponseItem[];
  readonly origins: readonly Origin[];
  readonly snapshots: Readonly<Record<string, JsonValue>>;
  readonly fullContext: boolean;
  readonly contextPlacement?: "before-last-user-message";
  readonly turnCount: number;
  readonly model?: string;
  readonly baseInstructions?: string;
  readonly lastRequest?: {
    readonly items: readonly ResponseItem[];
    readonly origins: readonly (Origin | null)[];
  };
  /** The typed state kept beside the summary; absent in rollouts written before it was kept. */
  readonly compactionState?: CompactionState;
}

/** A `response_item` record for `entry`. */
export function itemRecord(entry: HistoryEntry): SessionRecord {
  return { type: "response_item", payload: entry };
}

/**
 * `record` as the store takes it: its payload as JSON (without `undefined` members), and a
 * compaction marked as a checkpoint a resume may start at. The record was checked when it was
 * made, so nothing is validated again here.
 */
export function toRolloutRecord(record: SessionRecord): RolloutRecord {
  return {
    type: record.type,
    payload: toJson(record.payload),
    ...(record.type === "compaction" ? { checkpoint: true } : {}),
  };
}

/** `value` as JSON: a JSON round trip of data that is JSON already, less `undefined` members. */
function toJson(value: object): JsonValue {
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}
