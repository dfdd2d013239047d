import { isSummaryText } from "@ctx/prompts";
import { type ResponseItem, responseItemSchema } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";
import { z } from "zod";
import { registrySchema } from "../argument-schemas.js";
import { checkSchema } from "../check-argument.js";
import type { HistoryEntry } from "../history/origin.js";
import { messageText } from "./user-text.js";

/**
 * The items a provider returned from compacting a history on its side, as a history to install
 * with `session.compact({ replacement })`: assistant messages and `compaction` items are kept
 * as the model's; user messages only when they are the user's own (injected context, which
 * `registry` recognises, is dropped; an earlier summary is kept as the model's); developer and
 * system messages, reasoning and tool calls and outputs are dropped.
 *
 * @throws {SessionError} naming `items` or `registry` when it does not fit its type.
 * @example
 * ```ts
 * const replacement = filterCompactedItems(providerItems, createStandardRegistry());
 * await session.compact({ replacement });
 * ```
 */
export function filterCompactedItems(
  items: readonly ResponseItem[],
  registry: Registry,
): HistoryEntry[] {
  const checked = checkSchema("items", items, z.array(responseItemSchema));
  checkSchema("registry", registry, registrySchema);
  return checked.flatMap((item): HistoryEntry[] => {
    if (item.type === "compaction") return [{ item, origin: { source: "model" } }];
    if (item.type !== "message") return [];
    if (item.role === "assistant") return [{ item, origin: { source: "model" } }];
    if (item.role !== "user" || registry.isContextualUserMessage(item)) return [];
    return [
      {
        item,
        origin: isSummaryText(messageText(item)) ? { source: "model" } : { source: "user" },
      },
    ];
  });
}
