import type { ModelInfo } from "./model-info.js";

/**
 * Whether the model takes its personality from a template: its instructions template holds the
 * `{{ personality }}` placeholder and it defines all three messages (`default`, `friendly`,
 * `pragmatic`; an empty message counts). Such a model has its personality built into its
 * instructions, so a session need not send the personality separately.
 */
export function supportsPersonality(
  model: Pick<ModelInfo, "instructionsTemplate" | "personalityMessages">,
): boolean {
  const messages = model.personalityMessages;
  return (
    model.instructionsTemplate?.includes("{{ personality }}") === true &&
    messages?.default !== undefined &&
    messages.friendly !== undefined &&
    messages.pragmatic !== undefined
  );
}
