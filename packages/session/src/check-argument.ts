import {
  createSchemaChecker,
  describeSchemaIssues,
  issuesInArgument,
  type SchemaChecker,
} from "@ctx/protocol";
import { SessionError } from "./session-error.js";

/**
 * The shared schema check, refusing with a {@link SessionError} `invalid-argument` whose message
 * and issues start with the argument's name (`options.sessionId: …`).
 */
export const checkSchema: SchemaChecker = createSchemaChecker((argument, issues) => {
  const named = issuesInArgument(argument, issues);
  return new SessionError("invalid-argument", describeSchemaIssues(named), { issues: named });
});
