import type { HistoryEntry } from "../history/origin.js";

/**
 * Where the full context goes in a compacted history, as Codex 0.171 places it on every path:
 * just before the last of the user's own messages kept, so that with several kept the earlier
 * ones come before it and the summary stays after; before the last entry (the summary) when no
 * message of the user's is left, and at the start of an empty history.
 */
export function contextPosition(entries: readonly HistoryEntry[]): number {
  const lastUser = entries.findLastIndex((entry) => entry.origin.source === "user");
  return lastUser === -1 ? Math.max(0, entries.length - 1) : lastUser;
}
