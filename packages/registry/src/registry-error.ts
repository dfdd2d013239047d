import { CtxError } from "@ctx/text";

/** A registry cannot be built from the kinds given; `types` names the kinds involved. */
export class RegistryError extends CtxError {
  /** The types of the kinds (or legacy recognisers) in conflict, in registry order. */
  readonly types: readonly string[];

  constructor(message: string, types: readonly string[]) {
    super(message);
    this.types = types;
  }
}
