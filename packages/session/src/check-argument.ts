import { describeSchemaIssues, type SchemaIssue, toSchemaIssues } from "@ctx/protocol";
import type { z } from "zod";
import { SessionError } from "./session-error.js";

/**
 * Checks the argument `name` of an exported function against `schema`, at the boundary, so a
 * wrong value fails with the parameter's name rather than deep inside.
 *
 * @throws {SessionError} whose message and issues start with `name` (`options.sessionId: …`).
 */
export function parseArgument<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  name: string,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = toSchemaIssues(parsed.error, value).map(
    (issue): SchemaIssue => ({ path: prefixed(name, issue.path), message: issue.message }),
  );
  throw new SessionError("invalid-argument", describeSchemaIssues(issues), { issues });
}

function prefixed(name: string, path: string): string {
  if (path === "") return name;
  return path.startsWith("[") ? `${name}${path}` : `${name}.${path}`;
}
