import type { ResponseItem } from "@ctx/protocol";
import type { Origin } from "../history/origin.js";

/**
 * The origin of one item of a Codex rollout: `markers` (what `classifyHistory` read from its
 * text) unless Codex logged what the user typed (`sawTyped`), in which case a user message is the
 * user's exactly when a `user_message` record named it (`typed`), and injected context otherwise.
 */
export function codexOrigin(
  item: ResponseItem,
  markers: Origin,
  sawTyped: boolean,
  typed: boolean,
): Origin {
  if (!sawTyped || item.type !== "message" || item.role !== "user") return markers;
  if (typed) return { source: "user" };
  return markers.source === "context" ? markers : { source: "context", kinds: [] };
}

/** The text of a user message as the typed-message matcher keys it: its texts, joined. */
export function userMessageKey(item: ResponseItem): string | undefined {
  if (item.type !== "message" || item.role !== "user") return undefined;
  return item.content.map((content) => ("text" in content ? content.text : "")).join("");
}
