import { AgentsMdError } from "./agents-md-error.js";
import { checkText } from "./check-text.js";

/**
 * The segments of `path`, checked (as the argument `argument`) to be an absolute path without a
 * NUL byte.
 * @throws {AgentsMdError} `invalid-argument` naming `argument`.
 */
export function splitAbsolute(argument: string, path: unknown): string[] {
  const checked = checkText(argument, path);
  if (!checked.startsWith("/")) {
    throw AgentsMdError.forArgument(argument, `expected an absolute path, got "${checked}"`);
  }
  return splitRelative(checked);
}

/** The segments of `path`, empty ones (doubled or trailing slashes) left out. */
export function splitRelative(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}
