import { checkSchema } from "./check-argument.js";
import { fillPlaceholder } from "./fill-placeholder.js";
import { personalityMessage } from "./get-personality-message.js";
import { type ModelInfo, modelInstructionsSchema } from "./model-info.js";
import { checkPersonality, type Personality } from "./personality.js";
import { withoutPersonalitySection } from "./strip-personality-section.js";

/**
 * The instructions a model is given for `personality`. A model with an instructions template
 * always uses it, with every `{{ personality }}` replaced by the personality message (`""` for
 * `none` or a missing message); a model without one uses its base instructions, whatever the
 * personality. With `none`, a `# Personality` section is also removed from the result, so no
 * empty personality heading is ever sent.
 *
 * @throws {PromptsError} when `model` lacks string `baseInstructions`, has a template or
 * messages that are not strings, or `personality` is not `friendly`, `pragmatic` or `none`
 * (so a misspelt personality is never sent as an empty one).
 * @example
 * ```ts
 * const model = {
 *   baseInstructions: "unused",
 *   instructionsTemplate: "Hello\n{{ personality }}",
 *   personalityMessages: { friendly: "friendly" },
 * };
 * getModelInstructions(model, "friendly"); // => "Hello\nfriendly"
 * getModelInstructions(model, "pragmatic"); // => "Hello\n"
 * ```
 */
export function getModelInstructions(
  model: Pick<ModelInfo, "baseInstructions" | "instructionsTemplate" | "personalityMessages">,
  personality?: Personality,
): string {
  checkSchema("model", model, modelInstructionsSchema);
  checkPersonality("personality", personality);
  const instructions =
    model.instructionsTemplate === undefined
      ? model.baseInstructions
      : fillPlaceholder(
          model.instructionsTemplate,
          "personality",
          personalityMessage(model, personality),
        );
  return personality === "none" ? withoutPersonalitySection(instructions) : instructions;
}
