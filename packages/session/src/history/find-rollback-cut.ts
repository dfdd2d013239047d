import type { Registry } from "@ctx/registry";
import type { HistoryEntry } from "./origin.js";

/** Where a rollback cuts a history, and what it costs. */
export interface RollbackCut {
  /** How many entries survive, from the start. */
  readonly keep: number;
  /** How many real user turns are dropped. */
  readonly droppedTurns: number;
  /**
   * Whether a dropped developer message mixed injected context with text no kind recognises
   * (raw developer instructions): the baseline no longer matches the history, and the next
   * turn must send the full context again.
   */
  readonly clearsBaseline: boolean;
}

/**
 * Where dropping the last `userTurns` real user turns cuts `entries`: at the user message that
 * opens the first dropped turn, moved up over the injected context right above it (the context
 * that turn brought). Injected context never counts as a user turn, whatever it looks like;
 * more turns than there are cut at the first one.
 */
export function findRollbackCut(
  entries: readonly HistoryEntry[],
  userTurns: number,
  registry: Registry,
): RollbackCut {
  const boundaries: number[] = [];
  entries.forEach((entry, index) => {
    if (entry.origin.source === "user") boundaries.push(index);
  });
  if (userTurns <= 0 || boundaries.length === 0) {
    return { keep: entries.length, droppedTurns: 0, clearsBaseline: false };
  }
  const firstDropped = Math.max(0, boundaries.length - userTurns);
  let keep = boundaries[firstDropped] ?? entries.length;
  let clearsBaseline = false;
  for (
    let above = entries[keep - 1];
    above?.origin.source === "context";
    above = entries[keep - 1]
  ) {
    const { item, origin } = above;
    if (item.type !== "message") break;
    const unrecognised =
      origin.kinds.length < item.content.length ||
      origin.kinds.some((type) => (registry.get(type)?.recognition ?? "none") === "none");
    if (item.role === "developer" && unrecognised) clearsBaseline = true;
    keep -= 1;
  }
  return { keep, droppedTurns: boundaries.length - firstDropped, clearsBaseline };
}
