import { type CompactionState, compactionState } from "@ctx/registry";
import type { HistoryEntry } from "../history/origin.js";
import { userTextMessage } from "../turn/parse-user-input.js";

/**
 * The history entry that shows `state` to the model: a user message of one `compaction_state`
 * fragment, recorded as injected context (never the user's, never kept as theirs).
 */
export function stateEntry(state: CompactionState): HistoryEntry {
  return {
    item: userTextMessage(compactionState.create(state).render()),
    origin: { source: "context", kinds: [compactionState.type] },
  };
}
