import type { HistoryEntry } from "@ctx/session";

/**
 * The texts the user and the model said in a history, in order: what a lost write or a merge of
 * two writers' histories would change.
 */
export function saidIn(history: readonly HistoryEntry[]): string[] {
  return history.flatMap(({ item, origin }) =>
    item.type === "message" && (origin.source === "user" || origin.source === "model")
      ? [item.content.map((part) => ("text" in part ? part.text : "")).join("")]
      : [],
  );
}
