import type { FragmentKind } from "@ctx/fragments";
import { codexRecognisers } from "./catalogue/codex-recognisers.js";
import { legacyFragments } from "./catalogue/legacy-fragments.js";
import { checkKinds } from "./check-argument.js";
import { createRegistry, type Registry } from "./create-registry.js";
import { standardFragments } from "./standard-fragments.js";

/**
 * A registry of the standard catalogue with the legacy recognisers and the recognisers of what
 * Codex sends without markers, and any extra kinds of your own after the standard ones.
 *
 * @throws {RegistryError} when an extra kind collides with a standard kind or another extra kind,
 * or `extraKinds` is not an array of kinds.
 * @example
 * ```ts
 * const registry = createStandardRegistry([reviewNote]);
 * registry.get("review_note") === reviewNote; // true
 * ```
 */
export function createStandardRegistry(extraKinds: readonly FragmentKind[] = []): Registry {
  checkKinds("extraKinds", extraKinds);
  return createRegistry([...standardFragments, ...extraKinds], {
    legacy: [...legacyFragments, ...codexRecognisers],
  });
}
