import type { Fragment } from "@ctx/fragments";
import type { Registry } from "@ctx/registry";
import {
  type ContextMessage,
  createContextMessage,
  type EnvelopeOptions,
} from "./context-message.js";
import { orderEnvelopeFragments } from "./order-envelope-fragments.js";

/**
 * The context a later turn adds: one developer message with the settings fragments (model
 * switch, multi-agent mode, personality), then the changed sections in registry order, where
 * consecutive fragments of one role share a message and a `separate` fragment travels alone.
 * No fragments, no messages.
 *
 * @throws {SessionError} when a fragment's kind is not in `registry`, or when an argument is
 * not what its type says, naming it.
 * @example
 * ```ts
 * const messages = buildContextUpdate(registry, [personality, permissions, environment]);
 * messages.map(({ message }) => message.role); // ["developer", "developer", "user"]
 * ```
 */
export function buildContextUpdate(
  registry: Registry,
  fragments: readonly Fragment[],
  options: EnvelopeOptions = {},
): ContextMessage[] {
  const ordered = orderEnvelopeFragments(registry, fragments, options);
  const settings = ordered.filter((fragment) => fragment.kind.section?.scope === "settings");
  const messages: ContextMessage[] =
    settings.length === 0 ? [] : [createContextMessage("developer", settings, options)];
  let group: Fragment[] = [];
  const flush = () => {
    const [first] = group;
    if (first !== undefined) messages.push(createContextMessage(first.kind.role, group, options));
    group = [];
  };
  for (const fragment of ordered) {
    if (fragment.kind.section?.scope === "settings") continue;
    const [first] = group;
    if (fragment.kind.separate || (first !== undefined && first.kind.role !== fragment.kind.role))
      flush();
    group.push(fragment);
    if (fragment.kind.separate) flush();
  }
  flush();
  return messages;
}
