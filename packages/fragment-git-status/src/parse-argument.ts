import type { z } from "zod";
import { GitStatusError, type GitStatusIssue } from "./git-status-error.js";

/**
 * Checks the argument `name` of a call for the repository at `cwd` against `schema`, in the
 * order of the shared checker (argument, value, schema). The package depends on
 * `@ctx/fragments` alone, as an extension a team writes would, so it does not bind
 * `@ctx/protocol`'s checker and words zod's issues itself: each path starts with the parameter's
 * name.
 *
 * @throws {GitStatusError} whose message, `argument` and issues name the parameter.
 */
export function parseArgument<Schema extends z.ZodType>(
  name: string,
  value: unknown,
  schema: Schema,
  cwd: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map(
    (issue): GitStatusIssue => ({
      path: [name, ...issue.path.map(String)].join("."),
      message: issue.message,
    }),
  );
  const reason = issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
  throw GitStatusError.forRepository("invalid-argument", reason, {
    cwd: typeof cwd === "string" ? cwd : "",
    issues,
    argument: name,
  });
}
