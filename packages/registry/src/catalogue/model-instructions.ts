import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

/** The data of a {@link modelInstructions} fragment: `text`, the new model's instructions, verbatim. */
export type ModelInstructionsData = { text: string };

/**
 * The instructions of the model a session switched to, when the switch needs no compaction
 * (developer role), in a message of its own: Codex 0.171 sends this block where 0.169 sent
 * `<model_switch>`. The text sits between newlines, verbatim.
 */
export const modelInstructions = defineTextKind({
  type: "model_instructions",
  role: "developer",
  markers: standardMarkers.modelInstructions,
  separate: true,
  field: "text",
  before: "\n",
  after: "\n",
  description: "The instructions of the model the session switched to.",
  example: "You now run on a model with a larger context window.",
});
