import { createSchemaChecker, issuesInArgument, type SchemaChecker } from "@ctx/protocol/internal";
import { type ArgumentChecker, createArgumentChecker } from "@ctx/text";
import { AgentsMdError } from "./agents-md-error.js";

/** The shared argument checks, refusing with an {@link AgentsMdError} `invalid-argument`. */
export const check: ArgumentChecker = createArgumentChecker(AgentsMdError.forArgument);

/**
 * The shared schema check, refusing with an {@link AgentsMdError} `invalid-argument` that names
 * the first problem's place inside the argument (`options.maxBytes`).
 */
export const checkSchema: SchemaChecker = createSchemaChecker((argument, issues) => {
  const [first] = issuesInArgument(argument, issues);
  return AgentsMdError.forArgument(first?.path ?? argument, first?.message ?? "invalid value");
});
