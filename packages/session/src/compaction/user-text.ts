import type { MessageItem } from "@ctx/protocol";

/**
 * The text parts of `message` run together, as Codex 0.171 reads a user's message at a
 * compaction (a kept message cut into head, elision note and tail reads back as one text);
 * images are left out.
 */
export function messageText(message: MessageItem): string {
  return message.content
    .flatMap((part) => (part.type === "input_image" ? [] : [part.text]))
    .join("");
}
