import type { FragmentKind } from "@ctx/fragments";
import { assembleRegistry } from "./assemble-registry.js";
import { codexRecognisers } from "./catalogue/codex-recognisers.js";
import { legacyFragments } from "./catalogue/legacy-fragments.js";
import { checkKinds } from "./check-shapes.js";
import type { Registry } from "./registry.js";
import { standardFragments } from "./standard-fragments.js";

/** The standard entries, which the registry's tests check against each other once and for all. */
let standardEntries: ReadonlySet<object> | undefined;

/**
 * A registry of the standard catalogue with the legacy recognisers and the recognisers of what
 * Codex sends without markers, and any extra kinds of your own after the standard ones. The extra
 * kinds are checked against every entry as `createRegistry` checks them; the standard entries are
 * not checked against each other again, so building one renders no standard example.
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
  const legacy = [...legacyFragments, ...codexRecognisers];
  standardEntries ??= new Set([...standardFragments, ...legacy]);
  return assembleRegistry(
    Object.freeze([...standardFragments, ...extraKinds]),
    Object.freeze(legacy),
    standardEntries,
  );
}
