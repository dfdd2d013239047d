import type { JsonValue } from "@ctx/protocol";
import { appendRequestSchema, parseRolloutArgument } from "@ctx/rollout";
import { z } from "zod";
import { isJsonValue } from "./is-json-value.js";

/** The shared append schema with each payload checked by {@link isJsonValue} instead of walked. */
const quickAppendRequestSchema = appendRequestSchema.extend({
  records: z
    .array(
      appendRequestSchema.shape.records.element.extend({
        payload: z.custom<JsonValue>((payload) => isJsonValue(payload)),
      }),
    )
    .min(1),
});

/**
 * Validates an append request exactly as the shared `appendRequestSchema` does, at a fraction of
 * its cost: the request's fields go through the shared schema with each payload checked by
 * {@link isJsonValue}, which copies nothing; a request that check does not accept whole goes
 * through the shared schema itself, so what is refused, and how the error names it, is the
 * schema's. A payload comes back as the caller passed it, not copied.
 *
 * @throws {RolloutError} `invalid-argument`, naming each problem and where it is.
 */
export function parseAppendRequest(request: unknown): z.output<typeof appendRequestSchema> {
  let quick: ReturnType<typeof quickAppendRequestSchema.safeParse> | undefined;
  try {
    quick = quickAppendRequestSchema.safeParse(request);
  } catch {
    // Too deep for the stack: the shared schema refuses it with its own words.
    quick = undefined;
  }
  if (quick?.success === true) return quick.data;
  return parseRolloutArgument(appendRequestSchema, request, "append request");
}
