import { CtxError, type CtxErrorOptions, describeWrongArgument } from "@ctx/text";

/**
 * What a {@link RegistryError} is about: `conflicting-kinds`, kinds (or legacy recognisers) that
 * cannot share one registry; `invalid-argument`, a function or registry method called with an
 * argument of the wrong kind.
 */
export type RegistryErrorCode = "conflicting-kinds" | "invalid-argument";

/** Options of a {@link RegistryError}. */
export interface RegistryErrorOptions extends CtxErrorOptions {
  /** The types of the kinds (or legacy recognisers) in conflict, in registry order. */
  readonly types?: readonly string[];
  /** The parameter that was wrong, when a call was wrong. */
  readonly argument?: string;
}

/**
 * A registry cannot be built from the kinds given (`types` names the kinds involved), or a
 * function of this package was called with a wrong argument (`argument` names it).
 */
export class RegistryError extends CtxError<RegistryErrorCode> {
  /** The types of the kinds (or legacy recognisers) in conflict, in registry order. */
  readonly types: readonly string[];
  /** The parameter that was wrong (`kinds[2]`, `role`), when a call was wrong. */
  readonly argument: string | undefined;

  constructor(code: RegistryErrorCode, message: string, options: RegistryErrorOptions = {}) {
    super(code, message, options);
    this.types = options.types ?? [];
    this.argument = options.argument;
  }

  /**
   * The error for a call whose `argument` is not what the function expects, `problem` saying how
   * (`expected a string, got 42`).
   */
  static forArgument(argument: string, problem: string): RegistryError {
    return new RegistryError("invalid-argument", describeWrongArgument(argument, problem), {
      argument,
    });
  }
}
