import { lazySchema } from "@ctx/protocol/internal";
import { checkSchema } from "./check-argument.js";
import { type ModelInfo, modelInstructionsSchema } from "./model-info.js";
import { checkPersonality, type Personality } from "./personality.js";

const modelSchema = lazySchema(() => modelInstructionsSchema.pick({ personalityMessages: true }));
/**
 * The model's message for `personality`: its `default` message when no personality is given,
 * `""` for `none`, and `""` when the model has no such message. It is what fills the
 * `{{ personality }}` placeholder, and what a personality update tells the model.
 *
 * @throws {PromptsError} when `model` is not an object whose `personalityMessages`, if any,
 * are strings, or `personality` is not `friendly`, `pragmatic` or `none`.
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
  checkSchema("model", model, modelSchema);
  checkPersonality("personality", personality);
  return personalityMessage(model, personality);
}

/** {@link getPersonalityMessage} without the argument checks, for callers that checked them. */
export function personalityMessage(
  model: Pick<ModelInfo, "personalityMessages">,
  personality: Personality | undefined,
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
