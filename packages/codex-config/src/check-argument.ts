import { toSchemaIssues } from "@ctx/protocol/internal";
import type { z } from "zod";
import { CodexConfigError } from "./codex-config-error.js";

/**
 * `value` parsed by `schema`.
 *
 * @throws {CodexConfigError} `invalid-argument` naming
 * `name` and each problem.
 */
export function checkArgument<Schema extends z.ZodType>(
  name: string,
  value: unknown,
  schema: Schema,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw CodexConfigError.fromIssues(name, toSchemaIssues(parsed.error, value));
  return parsed.data;
}
