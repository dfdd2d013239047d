import type { FragmentKind } from "@ctx/fragments";
import type { Registry } from "@ctx/registry";
import type { Origin } from "../history/origin.js";
import { nestedAgentsMd } from "./nested-agents-md.js";

/** The kind of `type`: the registry's, or the session's own kind of just-in-time AGENTS.md. */
function kindOf(registry: Registry, type: string): FragmentKind | undefined {
  return registry.get(type) ?? (type === nestedAgentsMd.type ? nestedAgentsMd : undefined);
}

/**
 * Whether an entry of `origin` is context recorded beside the turn state that a compaction puts
 * back: injected context whose every kind declares `survivesCompaction` and is no turn-state kind
 * (a section is sent again from the turn state instead). A message of unknown kinds does not.
 */
export function survivesCompaction(registry: Registry, origin: Origin): boolean {
  if (origin.source !== "context" || origin.kinds.length === 0) return false;
  return origin.kinds.every((type) => {
    const kind = kindOf(registry, type);
    return kind?.survivesCompaction === true && kind.section === undefined;
  });
}
