import { safeParseResponseItem } from "@ctx/protocol";
import type { Registry } from "@ctx/registry";

/** One text of one message, with the fragment kind it is. */
export interface LayoutPart {
  /** A registered kind's type, or `base_instructions`, `user_input`, `assistant`, `unrecognised` (or an extra label). */
  readonly kind: string;
  readonly text: string;
}

/** One input item: a message with its parts, or another item type with none. */
export interface LayoutItem {
  readonly role: string;
  readonly type: string;
  readonly parts: readonly LayoutPart[];
}

/** Labels for texts the registry cannot classify because they are ours to know (a summary, the compaction prompt). */
export type ExtraLabel = (role: string, text: string) => string | undefined;

/**
 * The layout of a list of input items as the model sees it: each message's role and the kind of
 * each of its texts. With `leadingBase`, an unmarked developer message alone at the start is the
 * base instructions (Codex sends them so); other unmarked developer text is `unrecognised`,
 * other user text is the user's.
 */
export function layoutOf(
  items: readonly unknown[],
  registry: Registry,
  options: { readonly extraLabel?: ExtraLabel; readonly leadingBase?: boolean } = {},
): LayoutItem[] {
  const extraLabel = options.extraLabel ?? (() => undefined);
  let seenMessage = false;
  return items.map((value) => {
    const parsed = safeParseResponseItem(value);
    if (!parsed.success || parsed.item.type !== "message") {
      const type =
        typeof value === "object" && value !== null && "type" in value
          ? String(value.type)
          : "unknown";
      const role =
        typeof value === "object" && value !== null && "role" in value ? String(value.role) : "";
      return { role, type, parts: [] };
    }
    const message = parsed.item;
    const first = !seenMessage;
    seenMessage = true;
    const texts = message.content.flatMap((content) =>
      content.type === "input_image" ? [] : [content.text],
    );
    const parts = texts.map((text) => ({
      kind:
        extraLabel(message.role, text) ??
        registry.classify(message.role, text)?.type ??
        fallbackKind(message.role, options.leadingBase !== false && first && texts.length === 1),
      text,
    }));
    return { role: message.role, type: "message", parts };
  });
}

function fallbackKind(role: string, alone: boolean): string {
  if (role === "developer") return alone ? "base_instructions" : "unrecognised";
  return role === "user" ? "user_input" : role;
}

/** One line per item, `role: kind, kind` (or `type` for an item that is not a message). */
export function describeLayout(layout: readonly LayoutItem[]): string[] {
  return layout.map((item) =>
    item.type === "message"
      ? `${item.role}: ${item.parts.map((part) => part.kind).join(", ")}`
      : item.type,
  );
}
