import { createSchemaChecker, describeSchemaIssues, type SchemaChecker } from "@ctx/protocol";
import { AiSdkAdapterError } from "./ai-sdk-adapter-error.js";

/** The shared schema check, refusing with an {@link AiSdkAdapterError} `invalid-argument` naming the argument. */
export const checkSchema: SchemaChecker = createSchemaChecker(
  (argument, issues) =>
    new AiSdkAdapterError(
      "invalid-argument",
      `invalid ${argument}: ${describeSchemaIssues(issues)}`,
    ),
);
