import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";
import { type ModelState, modelSection } from "./model-switch.js";

const lead = "This conversation now runs on ";
const replaces = "The instructions below take the place of the base instructions given before.";

const modelInstructionsSchema = lazySchema(() =>
  z.object({
    /** The model the session switched to (one line). */
    model: z.string().regex(/^[^\n]+$/),
    /** Its instructions, when they differ from the previous model's. */
    instructions: z.string().min(1).optional(),
  }),
);

/** The data of a {@link modelInstructions} fragment. */
export type ModelInstructionsData = z.infer<typeof modelInstructionsSchema>;

/**
 * A switch to another model, sent as an update on the turn it happens without a compaction
 * (developer role), in a message of its own, as Codex 0.171 sends `<model_instructions>` there:
 * the model's name, and its instructions when they differ from the previous model's. With the
 * full context the switch is {@link modelSwitch}'s.
 */
export const modelInstructions = defineFragment<
  ModelInstructionsData,
  ModelState,
  { slug: string; instructions?: string }
>({
  type: "model_instructions",
  role: "developer",
  markers: standardMarkers.modelInstructions,
  separate: true,
  guards: guardedMarkers,
  schema: modelInstructionsSchema,
  description: "The session switched to another model; its instructions when they changed.",
  examples: [{ model: "ctx-coder-long" }, { model: "ctx-coder", instructions: "Be brief." }],
  body: ({ model, instructions }, { untrusted }) =>
    instructions === undefined
      ? `\n${lead}${untrusted(model)}.\n`
      : `\n${lead}${untrusted(model)}. ${replaces}\n\n${untrusted(instructions)}\n`,
  parse: (body, { restore }) => {
    if (!body.startsWith(`\n${lead}`) || !body.endsWith("\n")) return undefined;
    const rest = body.slice(lead.length + 1, -1);
    const split = rest.indexOf(`. ${replaces}\n\n`);
    const data =
      split === -1
        ? rest.endsWith(".")
          ? { model: restore(rest.slice(0, -1)) }
          : undefined
        : {
            model: restore(rest.slice(0, split)),
            instructions: restore(rest.slice(split + replaces.length + 4)),
          };
    return data !== undefined && modelInstructionsSchema.safeParse(data).success ? data : undefined;
  },
  section: modelSection,
  build: (state, reference, { full }) => {
    if (full || reference.status !== "known" || reference.snapshot.slug === state.slug) {
      return undefined;
    }
    const changed =
      state.instructions !== "" && state.instructions !== reference.snapshot.instructions;
    return changed
      ? { model: state.slug, instructions: state.instructions }
      : { model: state.slug };
  },
});
