import { type ArgumentChecker, createArgumentChecker } from "@ctx/text";
import { FragmentError } from "./fragment-error.js";

/** The shared argument checks, refusing with a {@link FragmentError} that names the kind `type`. */
export function kindChecker(type: string): ArgumentChecker {
  return createArgumentChecker((argument, problem) =>
    FragmentError.forArgument(argument, problem, type),
  );
}

/** The shared argument checks, refusing with a {@link FragmentError} about no kind. */
export const check: ArgumentChecker = kindChecker("");
