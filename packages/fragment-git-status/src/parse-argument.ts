import { describeSchemaIssues, type SchemaIssue, toSchemaIssues } from "@ctx/protocol";
import type { z } from "zod";
import { GitStatusError } from "./git-status-error.js";

/**
 * Checks the argument `name` of a call for the repository at `cwd` against `schema`.
 *
 * @throws {GitStatusError} whose message, `argument` and issues name the parameter.
 */
export function parseArgument<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  name: string,
  cwd: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = toSchemaIssues(parsed.error, value).map(
    (issue): SchemaIssue => ({
      path: issue.path === "" ? name : `${name}.${issue.path}`,
      message: issue.message,
    }),
  );
  throw new GitStatusError(typeof cwd === "string" ? cwd : "", describeSchemaIssues(issues), {
    issues,
    argument: name,
  });
}
