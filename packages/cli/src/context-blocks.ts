import { isMessageItem, type ResponseItem } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";

/** One text the model is shown, with where it came from. */
export interface ContextBlock {
  /**
   * `system` for the base instructions, `tools` for tool definitions passed along, else the role
   * of the message holding the text.
   */
  readonly role: "system" | "developer" | "user" | "assistant" | "tools";
  /**
   * The fragment kind the registry recognises the text as; `base_instructions` for the
   * instructions, `user_intent` for what the user typed, the item type for anything else.
   */
  readonly kind: string;
  /** The files the text was read from (AGENTS.md); empty for generated texts. */
  readonly sources: readonly string[];
  readonly text: string;
}

/**
 * One block per text of `items`, classified by `registry`; `sourcesOf` names the files behind a
 * kind (AGENTS.md). Items that are not messages become one block of their JSON.
 */
export function contextBlocks(
  registry: Registry,
  items: readonly ResponseItem[],
  sourcesOf: (kind: string) => readonly string[] = () => [],
): ContextBlock[] {
  return items.flatMap((item): ContextBlock[] => {
    if (!isMessageItem(item)) {
      return [{ role: "assistant", kind: item.type, sources: [], text: JSON.stringify(item) }];
    }
    const role = item.role === "system" ? "developer" : item.role;
    return item.content.map((part) => {
      const text =
        "text" in part && typeof part.text === "string" ? part.text : JSON.stringify(part);
      const kind =
        role === "assistant"
          ? "assistant_message"
          : (registry.classify(role, text)?.type ??
            (role === "user" ? "user_intent" : "developer_message"));
      return { role, kind, sources: sourcesOf(kind), text };
    });
  });
}
