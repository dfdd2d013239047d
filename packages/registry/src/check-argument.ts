import { type ArgumentChecker, createArgumentChecker } from "@ctx/text";
import { RegistryError } from "./registry-error.js";

/** The shared argument checks, refusing with a {@link RegistryError} `invalid-argument`. */
export const check: ArgumentChecker = createArgumentChecker(RegistryError.forArgument);
