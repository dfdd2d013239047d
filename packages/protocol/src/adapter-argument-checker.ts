import { describeWrongArgument } from "@ctx/text";
import { AdapterError } from "./adapter-error.js";
import { argumentError } from "./argument-error.js";
import { createSchemaChecker, type SchemaChecker } from "./schema-checker.js";
import { describeSchemaIssues } from "./schema-issue.js";

/**
 * The argument check of an adapter's functions: parses an argument with its schema, and refuses
 * one that does not fit with an {@link AdapterError} coded `invalid-argument` naming the
 * argument, its problems and `provider`.
 * @throws {ProtocolError} coded `invalid-argument` when `provider` is not a string.
 * @example
 * ```ts
 * const checkArgument = adapterArgumentChecker("gemini");
 * const { model } = checkArgument("options", options, optionsSchema);
 * ```
 */
export function adapterArgumentChecker(provider: string): SchemaChecker {
  if (typeof provider !== "string") throw argumentError("provider", "expected a string");
  return createSchemaChecker(
    (argument, issues) =>
      new AdapterError(
        "invalid-argument",
        describeWrongArgument(argument, describeSchemaIssues(issues)),
        {
          provider,
        },
      ),
  );
}
