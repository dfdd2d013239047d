import { type ArgumentChecker, createArgumentChecker } from "./argument-checker.js";
import { TextError } from "./text-error.js";

/** The shared argument checks, refusing with a {@link TextError} `invalid-argument`. */
export const check: ArgumentChecker = createArgumentChecker(TextError.forArgument);
