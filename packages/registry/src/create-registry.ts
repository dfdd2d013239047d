import type { FragmentKind } from "@ctx/fragments";
import { assembleRegistry } from "./assemble-registry.js";
import { check } from "./check-argument.js";
import { checkLegacy } from "./check-legacy.js";
import { checkKinds } from "./check-shapes.js";
import type { Registry, RegistryOptions } from "./registry.js";

/**
 * Builds a frozen registry from `kinds`, in the order given. Nothing registers itself on import:
 * a team adds its own kinds by passing them here.
 *
 * @throws {RegistryError} naming both kinds when a type is used twice, when two kinds declare
 * different sections under one id, when two kinds of one role
 * have markers that recognise each other's output, or when a kind's example is recognised by
 * another kind or a legacy wrapper; naming the argument when `kinds` is not an array of kinds or
 * `options` not an options object. The registry's methods throw it too for a wrong argument.
 * @example
 * ```ts
 * const registry = createRegistry([agentsMdInstructions, environmentContext], {
 *   legacy: legacyFragments,
 * });
 * registry.classify("user", "<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>")?.type;
 * // "environment_context"
 * ```
 */
export function createRegistry(
  kinds: readonly FragmentKind[],
  options: RegistryOptions = {},
): Registry {
  checkKinds("kinds", kinds);
  check.object("options", options as unknown);
  if (options.legacy !== undefined) {
    const given: unknown = options.legacy;
    check.array("options.legacy", given);
    for (const [index, entry] of given.entries()) checkLegacy(`options.legacy[${index}]`, entry);
  }
  const legacy = Object.freeze([...(options.legacy ?? [])]);
  const ordered = Object.freeze([...kinds]);
  return assembleRegistry(ordered, legacy);
}
