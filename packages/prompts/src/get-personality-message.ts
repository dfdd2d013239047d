import type { ModelInfo } from "./model-info.js";
import type { Personality } from "./personality.js";

/**
 * The model's message for `personality`: its `default` message when no personality is given,
 * `""` for `none`, and `""` when the model has no such message. It is what fills the
 * `{{ personality }}` placeholder, and what a personality update tells the model.
 *
 * @example
 * ```ts
 * getPersonalityMessage({ personalityMessages: { friendly: "Be warm." } }, "friendly");
 * // => "Be warm."
 * ```
 */
export function getPersonalityMessage(
  model: Pick<ModelInfo, "personalityMessages">,
  personality?: Personality,
): string {
  const messages = model.personalityMessages;
  switch (personality) {
    case undefined:
      return messages?.default ?? "";
    case "friendly":
      return messages?.friendly ?? "";
    case "pragmatic":
      return messages?.pragmatic ?? "";
    case "none":
      return "";
  }
}
