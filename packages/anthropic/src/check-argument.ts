import { createSchemaChecker, describeSchemaIssues, type SchemaChecker } from "@ctx/protocol";
import { AnthropicAdapterError } from "./anthropic-adapter-error.js";

/** The shared schema check, refusing with an {@link AnthropicAdapterError} `invalid-argument` naming the argument. */
export const checkSchema: SchemaChecker = createSchemaChecker(
  (argument, issues) =>
    new AnthropicAdapterError(
      "invalid-argument",
      `invalid ${argument}: ${describeSchemaIssues(issues)}`,
    ),
);
