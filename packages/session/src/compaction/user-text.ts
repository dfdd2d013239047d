import type { MessageItem } from "@ctx/protocol";

/** A user message holding `text` as its one text part. */
export function userTextMessage(text: string): MessageItem {
  return { type: "message", role: "user", content: [{ type: "input_text", text }] };
}

/** The text parts of `message` that are not empty, joined by a newline; images are left out. */
export function messageText(message: MessageItem): string {
  return message.content
    .flatMap((part) => (part.type === "input_image" || part.text === "" ? [] : [part.text]))
    .join("\n");
}
