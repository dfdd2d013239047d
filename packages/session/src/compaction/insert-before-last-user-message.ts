import type { HistoryEntry } from "../history/origin.js";

/**
 * `entries` with `context` put just before the last of the user's own messages, as Codex 0.169
 * places the full context after a mid-turn compaction; before the last entry (the summary) when
 * no message of the user's is left, and at the end of an empty history.
 */
export function insertBeforeLastUserMessage(
  entries: readonly HistoryEntry[],
  context: readonly HistoryEntry[],
): HistoryEntry[] {
  const lastUser = entries.findLastIndex((entry) => entry.origin.source === "user");
  const at = lastUser === -1 ? Math.max(0, entries.length - 1) : lastUser;
  return [...entries.slice(0, at), ...context, ...entries.slice(at)];
}
