import type { HistoryEntry } from "../history/origin.js";
import type { ContextMessage } from "./context-message.js";

/** The history entry of a context message: injected context, with the kind of each text. */
export function contextEntry({ message, kinds }: ContextMessage): HistoryEntry {
  return { item: message, origin: { source: "context", kinds } };
}
