import type { HistoryEntry } from "../history/origin.js";
import { contextPosition } from "./context-position.js";

/** `entries` with `context` put where {@link contextPosition} places it. */
export function insertBeforeLastUserMessage(
  entries: readonly HistoryEntry[],
  context: readonly HistoryEntry[],
): HistoryEntry[] {
  const at = contextPosition(entries);
  return [...entries.slice(0, at), ...context, ...entries.slice(at)];
}
