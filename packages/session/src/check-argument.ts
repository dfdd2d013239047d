import {
  createSchemaChecker,
  describeSchemaIssues,
  issuesInArgument,
  type SchemaChecker,
} from "@ctx/protocol/internal";
import { describeWrongArgument } from "@ctx/text";
import { SessionError } from "./session-error.js";

/**
 * The shared schema check, refusing with a {@link SessionError} `invalid-argument` worded as
 * every package words a wrong argument (`invalid options: sessionId: …`); its issues start with
 * the argument's name (`options.sessionId`).
 */
export const checkSchema: SchemaChecker = createSchemaChecker((argument, issues) => {
  const named = issuesInArgument(argument, issues);
  return new SessionError(
    "invalid-argument",
    describeWrongArgument(argument, describeSchemaIssues(issues)),
    { issues: named },
  );
});
