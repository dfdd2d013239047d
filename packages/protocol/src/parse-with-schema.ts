import type { z } from "zod";
import { argumentError } from "./argument-error.js";
import { createSchemaChecker } from "./schema-checker.js";
import { describeSchemaIssues } from "./schema-issue.js";

/**
 * Parses `value` with `schema` and returns zod's output. When the value does not fit, throws the
 * error that `toError` makes of the problems joined into one line (`request.input[0].type: …; …`,
 * worded by {@link toSchemaIssues}). The schema check of {@link createSchemaChecker}, for a value
 * whose error differs from call to call (a model's answer, named by where it is); an argument is
 * checked with a checker bound once to the package's error.
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
  if (typeof toError !== "function") {
    throw argumentError("toError", "expected a function");
  }
  const check = createSchemaChecker((_, issues) => toError(describeSchemaIssues(issues)));
  return check("value", value, schema);
}
