import type { ContextMessage } from "./context-message.js";
import type { HistoryEntry } from "./origin.js";

/** The history entry of a context message: injected context, with the kind of each text. */
export function contextEntry({ message, kinds }: ContextMessage): HistoryEntry {
  return { item: message, origin: { source: "context", kinds } };
}
