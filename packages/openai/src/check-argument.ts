import { createSchemaChecker, describeSchemaIssues, type SchemaChecker } from "@ctx/protocol";
import { OpenAIAdapterError } from "./openai-adapter-error.js";

/** The shared schema check, refusing with an {@link OpenAIAdapterError} `invalid-argument` naming the argument. */
export const checkSchema: SchemaChecker = createSchemaChecker(
  (argument, issues) =>
    new OpenAIAdapterError(
      "invalid-argument",
      `invalid ${argument}: ${describeSchemaIssues(issues)}`,
    ),
);
