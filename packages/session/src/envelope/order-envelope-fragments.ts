import type { Fragment } from "@ctx/fragments";
import type { Registry } from "@ctx/registry";
import { envelopeOptionsSchema, fragmentsSchema, registrySchema } from "../argument-schemas.js";
import { checkSchema } from "../check-argument.js";
import type { EnvelopeOptions } from "./context-message.js";
import { inRegistryOrder } from "./in-registry-order.js";

/**
 * Checks the arguments every envelope builder takes and returns the fragments in registry order.
 * @throws {SessionError} naming the argument that is wrong, or a fragment of a foreign kind.
 */
export function orderEnvelopeFragments(
  registry: Registry,
  fragments: readonly Fragment[],
  options: EnvelopeOptions,
): Fragment[] {
  checkSchema("registry", registry, registrySchema);
  checkSchema("fragments", fragments, fragmentsSchema);
  checkSchema("options", options, envelopeOptionsSchema);
  return inRegistryOrder(registry, fragments);
}
