import { toSchemaIssues } from "@ctx/protocol";
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
 * `value`, checked to be a non-empty string (a path or a name).
 * @throws {AgentsMdError} `invalid-argument` naming `argument`.
 */
export function checkText(argument: string, value: unknown): string {
  if (typeof value === "string" && value !== "") return value;
  throw AgentsMdError.forArgument(
    argument,
    `expected a non-empty string, got ${describeValue(value)}`,
  );
}

/** A short description of what a wrong argument was, for messages. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return value === "" ? "an empty string" : "a string";
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}
