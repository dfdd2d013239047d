import { ProtocolError } from "./protocol-error.js";

/** The error of a function of this package called with `argument` of the wrong kind. */
export function argumentError(argument: string, message: string): ProtocolError {
  return ProtocolError.fromIssues("invalid-argument", "argument", [{ path: argument, message }]);
}
