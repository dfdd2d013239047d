import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

const preamble =
  "An earlier part of this conversation was handled by a different model. Carry on from where it left off, following the instructions below.";

/**
 * The data of a {@link modelSwitch} fragment: `instructions`, the new model's instructions for the
 * current personality.
 */
export type ModelSwitchData = { instructions: string };

/**
 * Tells the model that the conversation moves to it from another model, and gives it the new
 * model's instructions (developer role). It travels in a message of its own.
 */
export const modelSwitch = defineTextKind({
  type: "model_switch",
  role: "developer",
  markers: standardMarkers.modelSwitch,
  separate: true,
  field: "instructions",
  before: `\n${preamble}\n\n`,
  after: "\n",
  description: "The instructions of the model the conversation just switched to.",
  example: "You are a careful coding agent.",
});
