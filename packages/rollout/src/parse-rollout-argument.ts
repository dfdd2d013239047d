import { toSchemaIssues } from "@ctx/protocol";
import type { z } from "zod";
import { RolloutError } from "./rollout-error.js";

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
  if (typeof what !== "string" || what === "") {
    throw new RolloutError("invalid-argument", "what: expected the name of the argument checked");
  }
  if (typeof (schema as { safeParse?: unknown } | null)?.safeParse !== "function") {
    throw new RolloutError("invalid-argument", "schema: expected a zod schema");
  }
  let parsed: z.ZodSafeParseResult<z.output<Schema>>;
  try {
    parsed = schema.safeParse(value);
  } catch (error) {
    // A value nested deeper than the stack holds: refused like any other, before it is written.
    if (!(error instanceof RangeError)) throw error;
    throw new RolloutError("invalid-argument", `invalid ${what}: it is nested too deeply`, {
      cause: error,
    });
  }
  if (!parsed.success) throw RolloutError.fromIssues(what, toSchemaIssues(parsed.error));
  return parsed.data;
}
