import { type SchemaIssue, toSchemaIssues } from "@ctx/protocol";
import type { z } from "zod";
import { PromptsError } from "./prompts-error.js";

/**
 * Parses the argument `value` of an exported function with `schema`, so that a caller who did
 * not go through the types (JavaScript, JSON, `as`) gets an error naming the argument rather
 * than a `TypeError` from deep inside, or a wrong result. `refuse` makes the error from the
 * problems found, each located inside the argument; a plain {@link PromptsError} by default.
 *
 * @throws {PromptsError} naming `argument` when `value` does not fit `schema`.
 */
export function parseArgument<Output>(
  schema: z.ZodType<Output>,
  argument: string,
  value: unknown,
  refuse = (issues: SchemaIssue[]): PromptsError => PromptsError.forArgument(argument, issues),
): Output {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw refuse(toSchemaIssues(result.error));
}
