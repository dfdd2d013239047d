import type { MessageItem } from "@ctx/protocol";

/** The text parts of `message` that are not empty, joined by a newline; images are left out. */
export function messageText(message: MessageItem): string {
  return message.content
    .flatMap((part) => (part.type === "input_image" || part.text === "" ? [] : [part.text]))
    .join("\n");
}
