import { CtxError, describeValue } from "@ctx/text";

/**
 * A registry cannot be built from the kinds given (`types` names the kinds involved), or a
 * function of this package was called with a wrong argument (`argument` names it).
 */
export class RegistryError extends CtxError {
  /** The types of the kinds (or legacy recognisers) in conflict, in registry order. */
  readonly types: readonly string[];
  /** The parameter that was wrong (`kinds[2]`, `role`), when a call was wrong. */
  readonly argument: string | undefined;

  constructor(message: string, types: readonly string[], argument?: string) {
    super(message);
    this.types = types;
    this.argument = argument;
  }

  /** The error for a call whose `argument` is not what the function expects. */
  static forArgument(argument: string, expected: string, value: unknown): RegistryError {
    return new RegistryError(
      `${argument}: expected ${expected}, got ${describeValue(value)}`,
      [],
      argument,
    );
  }
}
