import { AgentsMdError } from "./agents-md-error.js";
import { check } from "./check-argument.js";

/**
 * `value`, checked to be a non-empty string without a NUL byte (a path or a name: no file system
 * takes one holding NUL, which Node would refuse with a raw `TypeError`).
 * @throws {AgentsMdError} `invalid-argument` naming `argument`.
 */
export function checkText(argument: string, value: unknown): string {
  check.nonEmptyString(argument, value);
  if (value.includes("\0")) {
    throw AgentsMdError.forArgument(argument, "expected a path or a name without a NUL byte");
  }
  return value;
}
