import { defineFragment } from "@ctx/fragments";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

const preamble =
  "An earlier part of this conversation was handled by a different model. Carry on from where it left off, following the instructions below.";

const modelSwitchSchema = z.object({
  /** The new model's instructions for the current personality. */
  instructions: z.string().min(1),
});

/** The data of a {@link modelSwitch} fragment. */
export type ModelSwitchData = z.infer<typeof modelSwitchSchema>;

/**
 * Tells the model that the conversation moves to it from another model, and gives it the new
 * model's instructions (developer role). It travels in a message of its own.
 */
export const modelSwitch = defineFragment({
  type: "model_switch",
  role: "developer",
  markers: standardMarkers.modelSwitch,
  separate: true,
  guards: guardedMarkers,
  schema: modelSwitchSchema,
  description: "The instructions of the model the conversation just switched to.",
  examples: [{ instructions: "You are a careful coding agent." }],
  body: ({ instructions }, { untrusted }) => `\n${preamble}\n\n${untrusted(instructions)}\n`,
  parse: (body, { restore }) => {
    const head = `\n${preamble}\n\n`;
    if (!body.startsWith(head) || !body.endsWith("\n") || body.length <= head.length + 1)
      return undefined;
    return { instructions: restore(body.slice(head.length, -1)) };
  },
});
