import type { LayoutItem } from "./layout.js";

/**
 * The user's own messages of a request, byte for byte: each message of prompts (whole, or cut
 * into the three parts of a kept message) as its parts, `⟨part⟩` between two parts, one message
 * per line block; context, summary and the model's answers left out.
 */
export function userMessages(layout: readonly LayoutItem[]): string {
  return layout
    .filter((item) => item.role === "user")
    .map((item) =>
      item.parts
        .filter((part) => part.kind === "user_input" || part.kind === "kept_user_input")
        .map((part) => part.text),
    )
    .filter((parts) => parts.length > 0)
    .map((parts) => parts.join("⟨part⟩"))
    .join("\n⟨message⟩\n");
}
