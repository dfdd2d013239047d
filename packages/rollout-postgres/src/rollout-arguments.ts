import { toSchemaIssues } from "@ctx/protocol";
import type { JsonValue } from "@ctx/session";
import { RolloutError } from "@ctx/session";
import { z } from "zod";
import { isStorableText } from "./storable-text.js";

// The argument rules every rollout store shares. Stand-ins until @ctx/session exports its own
// schemas: then import those and keep only `storableText` and the prune and store options here.

/** A string PostgreSQL can keep in a `text` column: no NUL character, no lone surrogate. */
const storableText = z.string().refine(isStorableText, {
  message: "PostgreSQL text cannot hold a NUL character or a lone surrogate",
});

/** A session id: a letter or digit, then up to 127 letters, digits, `_` or `-`. */
export const sessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/, "a session id is 1 to 128 letters, digits, _ or -");

/** Any JSON value: finite numbers, strings, booleans, null, arrays and plain objects. */
export const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.null(),
    z.boolean(),
    z.number(),
    z.string(),
    z.array(jsonValueSchema),
    z.record(z.string(), jsonValueSchema),
  ]),
);

const sequenceSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const createSessionRequestSchema = z
  .object({
    id: sessionIdSchema.optional(),
    cwd: storableText.min(1).optional(),
    parent: z.object({ sessionId: sessionIdSchema, sequence: sequenceSchema }).strict().optional(),
    meta: jsonValueSchema.optional(),
  })
  .strict();

export const appendRequestSchema = z
  .object({
    sessionId: sessionIdSchema,
    expectedSequence: sequenceSchema,
    appendId: storableText.min(1).max(256),
    records: z
      .array(
        z
          .object({
            type: storableText.min(1).max(256),
            payload: jsonValueSchema,
            checkpoint: z.boolean().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(10_000),
  })
  .strict();

export const readOptionsSchema = z
  .object({ from: z.enum(["latest-checkpoint", "start"]).optional() })
  .strict();

export const listOptionsSchema = z
  .object({
    limit: z.number().int().min(1).max(1000).optional(),
    cwd: storableText.min(1).optional(),
    cursor: z.string().min(1).max(1000).optional(),
    includeArchived: z.boolean().optional(),
  })
  .strict();

/**
 * Validates an argument of a store method against its schema.
 *
 * @throws {RolloutError} `invalid-argument`, naming each problem and where it is.
 */
export function parseRolloutArgument<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  what: string,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw RolloutError.fromIssues(what, toSchemaIssues(parsed.error));
  return parsed.data;
}
