import { type JsonValue, jsonValueSchema } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

/**
 * A session id: a letter or digit, then up to 127 letters, digits, `_` or `-`. Ids name files
 * in the JSONL store and rows elsewhere, so every store accepts exactly these.
 */
export const sessionIdSchema = lazySchema(() =>
  z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/, "a session id is 1 to 128 letters, digits, _ or -"),
);

/**
 * A JSON value read back from disk: `JSON.parse` made it, so it is JSON by construction, and the
 * store keeps it opaque. Only `undefined` (a missing field) is refused.
 */
export const storedJsonSchema = lazySchema(() =>
  z.custom<JsonValue>((value) => value !== undefined, {
    message: "expected a JSON value",
  }),
);

/** A sequence number: a whole number from 0. */
export const sequenceSchema = lazySchema(() =>
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
);

export const parentReferenceSchema = lazySchema(() =>
  z.object({ sessionId: sessionIdSchema, sequence: sequenceSchema }).strict(),
);

export const rolloutRecordSchema = lazySchema(() =>
  z
    .object({
      type: z.string().min(1),
      payload: jsonValueSchema,
      checkpoint: z.boolean().optional(),
    })
    .strict(),
);

/** What `RolloutStore.create` accepts: every store validates its request with this. */
export const createSessionRequestSchema = lazySchema(() =>
  z
    .object({
      id: sessionIdSchema.optional(),
      cwd: z.string().min(1).optional(),
      parent: parentReferenceSchema.optional(),
      meta: jsonValueSchema.optional(),
    })
    .strict(),
);

/** What `RolloutStore.append` accepts: a non-empty batch, an append id of 1 to 256 characters. */
export const appendRequestSchema = lazySchema(() =>
  z
    .object({
      sessionId: sessionIdSchema,
      expectedSequence: sequenceSchema,
      appendId: z.string().min(1).max(256),
      records: z.array(rolloutRecordSchema).min(1),
    })
    .strict(),
);

/** What `RolloutStore.read` accepts as options. */
export const readOptionsSchema = lazySchema(() =>
  z.object({ from: z.enum(["latest-checkpoint", "start"]).optional() }).strict(),
);

/** What `RolloutStore.list` accepts as options: at most 1,000 sessions a page. */
export const listOptionsSchema = lazySchema(() =>
  z
    .object({
      limit: z.number().int().min(1).max(1000).optional(),
      cwd: z.string().min(1).optional(),
      cursor: z.string().min(1).optional(),
      includeArchived: z.boolean().optional(),
    })
    .strict(),
);
