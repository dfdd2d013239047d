import type { Fragment } from "@ctx/fragments";
import type { Registry } from "@ctx/registry";
import { envelopeOptionsSchema, fragmentsSchema, registrySchema } from "./argument-schemas.js";
import {
  type ContextMessage,
  createContextMessage,
  type EnvelopeOptions,
} from "./context-message.js";
import { inRegistryOrder } from "./in-registry-order.js";
import { parseArgument } from "./parse-argument.js";

/**
 * The full context of a turn, as the reference lays it out: one developer message with the
 * settings, initial and mergeable developer fragments (model switch, developer instructions,
 * personality, skills, then the world-state sections), then one message per `separate`
 * developer fragment, then one contextual user message (AGENTS.md, environment context, then
 * extension fragments); one `input_text` per fragment, in registry order. Settings fragments
 * always join the developer message, even a `separate` kind such as the model switch.
 *
 * @throws {SessionError} when a fragment's kind is not in `registry`, or when an argument is
 * not what its type says, naming it.
 * @example
 * ```ts
 * const messages = buildInitialContext(registry, [permissions, agentsMd, environment]);
 * messages.map(({ message }) => message.role); // ["developer", "user"]
 * ```
 */
export function buildInitialContext(
  registry: Registry,
  fragments: readonly Fragment[],
  options: EnvelopeOptions = {},
): ContextMessage[] {
  parseArgument(registrySchema, registry, "registry");
  parseArgument(fragmentsSchema, fragments, "fragments");
  parseArgument(envelopeOptionsSchema, options, "options");
  const ordered = inRegistryOrder(registry, fragments);
  const developer = ordered.filter((fragment) => fragment.kind.role === "developer");
  const bundled = developer.filter(
    (fragment) => !fragment.kind.separate || fragment.kind.section?.scope === "settings",
  );
  const alone = developer.filter((fragment) => !bundled.includes(fragment));
  const user = ordered.filter((fragment) => fragment.kind.role === "user");
  return [
    ...(bundled.length === 0 ? [] : [createContextMessage("developer", bundled, options)]),
    ...alone.map((fragment) => createContextMessage("developer", [fragment], options)),
    ...(user.length === 0 ? [] : [createContextMessage("user", user, options)]),
  ];
}
