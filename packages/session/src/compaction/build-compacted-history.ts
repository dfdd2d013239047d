import { formatSummaryText, isSummaryText } from "@ctx/prompts";
import type { CtxWarning } from "@ctx/text";
import type { HistoryEntry } from "../history/origin.js";
import { userTextMessage } from "../turn/parse-user-input.js";
import { keepUserMessage } from "./keep-user-message.js";
import { messageText } from "./user-text.js";

/** How many tokens of the user's own messages a compacted history keeps, as the reference. */
const budget = 20_000;

/** A compacted history, and every cut made on the way. */
export interface CompactedHistory {
  readonly entries: HistoryEntry[];
  readonly warnings: CtxWarning[];
}

/**
 * The history that replaces `entries` after a compaction: the user's own messages (origin
 * `user`; injected context and earlier summaries never count), newest first while they fit in
 * 20,000 tokens as Codex 0.171 estimates them (`ceil(bytes / 4)`), the first that does not fit
 * cut in the middle to what is left (its head, the elision note and its tail, three parts of one
 * message, as Codex sends it), then no more; back in order, each as a plain user message of its
 * text (images left out); then `summary` behind the summary prefix, as a user message whose
 * origin is the model that wrote it.
 * Unchecked: the session passes its own history and the summarizer's checked text.
 */
export function buildCompactedHistory(
  entries: readonly HistoryEntry[],
  summary: string,
): CompactedHistory {
  const warnings: CtxWarning[] = [];
  const texts = userTexts(entries, warnings);
  const kept: (readonly string[])[] = [];
  let remaining = budget;
  let index = texts.length - 1;
  for (; index >= 0 && remaining > 0; index--) {
    const message = keepUserMessage(texts[index] ?? "", remaining);
    kept.push(message.parts);
    if (message.parts.length === 1) {
      remaining -= message.tokens;
      continue;
    }
    index -= 1;
    warnings.push({
      code: "compaction-cut-user-message",
      message: `a message of the user's (${message.tokens} tokens) was cut in the middle to fit the ${budget} tokens a compacted history keeps of the user's messages`,
    });
    break;
  }
  if (index >= 0) {
    warnings.push({
      code: "compaction-dropped-user-messages",
      message: `${index + 1} older message(s) of the user's were left out of the compacted history: they did not fit its ${budget} tokens; the summary stands for them`,
    });
  }
  return {
    entries: [
      ...kept.reverse().map((parts) => ({
        item: {
          type: "message" as const,
          role: "user" as const,
          content: parts.map((text) => ({ type: "input_text" as const, text })),
        },
        origin: userOrigin,
      })),
      { item: userTextMessage(formatSummaryText(summary)), origin: modelOrigin },
    ],
    warnings,
  };
}

const userOrigin = { source: "user" } as const;
const modelOrigin = { source: "model" } as const;

/** The text of each of the user's own messages, in order; empty ones and summaries left out. */
function userTexts(entries: readonly HistoryEntry[], warnings: CtxWarning[]): string[] {
  const texts: string[] = [];
  let images = 0;
  for (const { item, origin } of entries) {
    if (origin.source !== "user" || item.type !== "message" || item.role !== "user") continue;
    images += item.content.filter((part) => part.type === "input_image").length;
    const text = messageText(item);
    if (text !== "" && !isSummaryText(text)) texts.push(text);
  }
  if (images > 0) {
    warnings.push({
      code: "compaction-dropped-images",
      message: `${images} image(s) the user sent were left out of the compacted history, which keeps the user's text only`,
    });
  }
  return texts;
}
