import type { z } from "zod";
import { ProtocolError } from "./protocol-error.js";
import { describeSchemaIssues, toSchemaIssues } from "./schema-issue.js";

/**
 * Parses `value` with `schema` and returns zod's output. When the value does not fit, throws the
 * error that `toError` makes of the problems joined into one line (`request.input[0].type: …; …`,
 * worded by {@link toSchemaIssues}), so that each package reports a wrong argument with its own
 * typed error.
 *
 * @throws {ProtocolError} when `schema` is not a zod schema or `toError` is not a function;
 * otherwise the error `toError` returns, when `value` does not fit.
 * @example
 * ```ts
 * parseWithSchema(optionsSchema, options, (problems) => new MyError(`invalid options: ${problems}`));
 * ```
 */
export function parseWithSchema<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  toError: (problems: string) => Error,
): z.output<Schema> {
  if (typeof Reflect.get(Object(schema), "safeParse") !== "function") {
    throw ProtocolError.fromIssues("invalid-argument", "argument", [
      { path: "schema", message: "expected a zod schema" },
    ]);
  }
  if (typeof toError !== "function") {
    throw ProtocolError.fromIssues("invalid-argument", "argument", [
      { path: "toError", message: "expected a function" },
    ]);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw toError(describeSchemaIssues(toSchemaIssues(parsed.error, value)));
  return parsed.data;
}
