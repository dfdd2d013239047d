import { describeWrongArgument } from "@ctx/text";
import { ProtocolError } from "./protocol-error.js";

/** The error of a function of this package called with `argument` of the wrong kind. */
export function argumentError(argument: string, message: string): ProtocolError {
  return new ProtocolError("invalid-argument", describeWrongArgument(argument, message), {
    issues: [{ path: argument, message }],
  });
}
