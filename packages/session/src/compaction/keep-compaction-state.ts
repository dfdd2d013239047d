import type { CompactionState } from "@ctx/registry";
import type { HistoryEntry } from "../history/origin.js";
import { fillCompactionState } from "./fill-compaction-state.js";
import { mergeCompactionState } from "./merge-compaction-state.js";

/**
 * The typed state a compaction keeps: the `previous` compaction's, merged with what `entries`
 * (the history being compacted) show, then with the state a summarizer gave (`given`), if any.
 */
export function keepCompactionState(
  previous: CompactionState | undefined,
  entries: readonly HistoryEntry[],
  given?: CompactionState,
): CompactionState {
  const filled = fillCompactionState(entries);
  const merged = mergeCompactionState(previous, filled.state, filled.answered);
  return given === undefined ? merged : mergeCompactionState(merged, given);
}
