import type { z } from "zod";
import { argumentError } from "./argument-error.js";
import { type SchemaIssue, toSchemaIssues } from "./schema-issue.js";

/**
 * Makes a package's error for an argument its schema refused: `argument` names the parameter,
 * each issue says what is wrong where inside it (`""` for the argument itself).
 */
export type RefuseIssues = (argument: string, issues: readonly SchemaIssue[]) => Error;

/**
 * Parses the argument `argument` of a call, `value`, with `schema`, and returns zod's output;
 * throws the error its package makes of the problems when the value does not fit.
 */
export type SchemaChecker = <Schema extends z.ZodType>(
  argument: string,
  value: unknown,
  schema: Schema,
) => z.output<Schema>;

/** The words for a value nested deeper than the stack holds, which zod cannot walk. */
const tooDeep: SchemaIssue = { path: "", message: "it is nested too deeply" };

/**
 * The schema check every @ctx package with zod schemas shares, bound to its own error: the
 * parameter's name first, then the value, then the schema, like the checks of
 * `createArgumentChecker`. The problems are worded by {@link toSchemaIssues}, judged against the
 * value so that an absent field reads `missing (…)`; a value nested too deeply to walk is refused
 * like any other.
 *
 * @throws {ProtocolError} `invalid-argument` when `refuse` is not a function; the checker throws
 * one when its `argument` is not a string or `schema` is not a zod schema.
 * @example
 * ```ts
 * const checkSchema: SchemaChecker = createSchemaChecker(
 *   (argument, issues) => new Error(`${argument}: ${describeSchemaIssues(issues)}`),
 * );
 * const { limit } = checkSchema("options", options, optionsSchema);
 * ```
 */
export function createSchemaChecker(refuse: RefuseIssues): SchemaChecker {
  if (typeof refuse !== "function") throw argumentError("refuse", "expected a function");
  return <Schema extends z.ZodType>(argument: string, value: unknown, schema: Schema) => {
    if (typeof argument !== "string") throw argumentError("argument", "expected a string");
    if (typeof Reflect.get(Object(schema), "safeParse") !== "function") {
      throw argumentError("schema", "expected a zod schema");
    }
    let parsed: z.ZodSafeParseResult<z.output<Schema>>;
    try {
      parsed = schema.safeParse(value);
    } catch (error) {
      if (error instanceof RangeError) throw refuse(argument, [tooDeep]);
      throw error;
    }
    if (parsed.success) return parsed.data;
    throw refuse(argument, toSchemaIssues(parsed.error, value));
  };
}
