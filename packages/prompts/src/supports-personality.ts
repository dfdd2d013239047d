import { lazySchema } from "@ctx/protocol/internal";
import { checkSchema } from "./check-argument.js";
import { type ModelInfo, modelInstructionsSchema } from "./model-info.js";

const modelSchema = lazySchema(() => modelInstructionsSchema.omit({ baseInstructions: true }));

/**
 * Whether the model takes its personality from a template: its instructions template holds the
 * `{{ personality }}` placeholder and it defines all three messages (`default`, `friendly`,
 * `pragmatic`; an empty message counts). Such a model has its personality built into its
 * instructions, so a session need not send the personality separately.
 *
 * @throws {PromptsError} when `model` is not an object, or its template or messages are not
 * strings.
 * @example
 * ```ts
 * supportsPersonality(defaultModelCatalog.get("ctx-coder")); // => true
 * ```
 */
export function supportsPersonality(
  model: Pick<ModelInfo, "instructionsTemplate" | "personalityMessages">,
): boolean {
  checkSchema("model", model, modelSchema);
  const messages = model.personalityMessages;
  return (
    model.instructionsTemplate?.includes("{{ personality }}") === true &&
    messages?.default !== undefined &&
    messages.friendly !== undefined &&
    messages.pragmatic !== undefined
  );
}
