import type { Fragment } from "@ctx/fragments";
import { contextEntry } from "../envelope/context-entry.js";
import { createContextMessage } from "../envelope/context-message.js";
import type { HistoryEntry } from "../history/origin.js";
import type { SessionParts } from "../session-parts.js";
import { nestedAgentsMd } from "./nested-agents-md.js";

/**
 * The just-in-time AGENTS.md blocks the history shows, to record again after this turn's
 * context when `fragments` sends the project's AGENTS.md with a notice that it replaces (or
 * withdraws) every AGENTS.md block shown earlier: the nested files still apply, so they come
 * again after the notice rather than being cancelled by it. Nothing otherwise.
 */
export function resendNestedAgentsMd(
  parts: SessionParts,
  fragments: readonly Fragment[],
): HistoryEntry[] {
  const data = fragments.find((fragment) => fragment.kind.section?.id === "agents_md")?.data;
  const cancels =
    typeof data === "object" &&
    data !== null &&
    (Reflect.get(data, "withdrawn") === true || Reflect.get(data, "supersedes") === true);
  if (!cancels) return [];
  return [...parts.nestedAgentsMd.blocks(parts.state.entries).values()].map((block) =>
    contextEntry(
      createContextMessage("user", [nestedAgentsMd.create(block)], parts.envelopeOptions),
    ),
  );
}
