import type { Fragment } from "@ctx/fragments";
import type { Registry } from "@ctx/registry";
import {
  type ContextMessage,
  createContextMessage,
  type EnvelopeOptions,
} from "./context-message.js";
import { orderEnvelopeFragments } from "./order-envelope-fragments.js";

/**
 * The full context of a turn, as Codex 0.171 lays it out: one developer message with the
 * developer fragments that are not `separate` (model switch, developer instructions,
 * personality, skills, then the world-state sections), then one message per `separate`
 * developer fragment (the multi-agent mode among them), then one contextual user message
 * (AGENTS.md, environment context, then extension fragments); one `input_text` per fragment, in
 * registry order.
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
  const ordered = orderEnvelopeFragments(registry, fragments, options);
  const developer = ordered.filter((fragment) => fragment.kind.role === "developer");
  const bundled = developer.filter((fragment) => !fragment.kind.separate);
  const alone = developer.filter((fragment) => fragment.kind.separate);
  const user = ordered.filter((fragment) => fragment.kind.role === "user");
  return [
    ...(bundled.length === 0 ? [] : [createContextMessage("developer", bundled, options)]),
    ...alone.map((fragment) => createContextMessage("developer", [fragment], options)),
    ...(user.length === 0 ? [] : [createContextMessage("user", user, options)]),
  ];
}
