import { isSummaryText } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import type { Origin } from "../history/origin.js";

/** The standard registry's recogniser of the summary Codex writes after a compaction. */
const codexSummaryKind = "codex_compaction_summary";

/**
 * The origin of one item of a Codex rollout: `markers` (what `classifyHistory` read from its
 * text) unless Codex logged what the user typed (`sawTyped`), in which case a user message is the
 * user's exactly when a `user_message` record named it (`typed`), and injected context otherwise.
 * A compaction's summary the user did not type (ours, or Codex's as the standard registry
 * recognises it) is the model's: the model wrote it.
 */
export function codexOrigin(
  item: ResponseItem,
  markers: Origin,
  sawTyped: boolean,
  typed: boolean,
): Origin {
  if (item.type !== "message" || item.role !== "user") return markers;
  if (sawTyped && typed) return { source: "user" };
  if (isSummary(item, markers)) return { source: "model" };
  if (!sawTyped) return markers;
  return markers.source === "context" ? markers : { source: "context", kinds: [] };
}

/** The text of a user message as the typed-message matcher keys it: its texts, joined. */
export function userMessageKey(item: ResponseItem): string | undefined {
  if (item.type !== "message" || item.role !== "user") return undefined;
  return item.content.map((content) => ("text" in content ? content.text : "")).join("");
}

function isSummary(item: ResponseItem, markers: Origin): boolean {
  const key = userMessageKey(item);
  return (
    key !== undefined &&
    (isSummaryText(key) ||
      (markers.source === "context" && markers.kinds.includes(codexSummaryKind)))
  );
}
