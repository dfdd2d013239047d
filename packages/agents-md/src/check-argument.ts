import { toSchemaIssues } from "@ctx/protocol";
import { describeValue } from "@ctx/text";
import type { z } from "zod";
import { AgentsMdError } from "./agents-md-error.js";

/**
 * `value` as `schema` parses it.
 * @throws {AgentsMdError} `invalid-argument` naming `argument` (and the field inside it).
 */
export function checkArgument<Output>(
  argument: string,
  schema: z.ZodType<Output>,
  value: unknown,
): Output {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = toSchemaIssues(parsed.error, value);
  const inner = issue?.path ?? "";
  const where =
    inner === "" || inner.startsWith("[") ? `${argument}${inner}` : `${argument}.${inner}`;
  throw AgentsMdError.forArgument(where, issue?.message ?? "invalid value");
}

/**
 * `value`, checked to be a non-empty string without a NUL byte (a path or a name: no file system
 * takes one holding NUL, which Node would refuse with a raw `TypeError`).
 * @throws {AgentsMdError} `invalid-argument` naming `argument`.
 */
export function checkText(argument: string, value: unknown): string {
  if (typeof value !== "string" || value === "") {
    throw AgentsMdError.forArgument(
      argument,
      `expected a non-empty string, got ${describeValue(value)}`,
    );
  }
  if (value.includes("\0")) {
    throw AgentsMdError.forArgument(argument, "expected a path or a name without a NUL byte");
  }
  return value;
}
