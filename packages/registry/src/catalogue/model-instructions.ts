import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";
import { type ModelState, modelSection } from "./model-switch.js";

const lead = "This conversation now runs on ";
const replaces = "The instructions below take the place of the base instructions given before.";

const modelInstructionsSchema = lazySchema(() =>
  z
    .object({
      /** The model the session switched to (one line); none when the model stays. */
      model: z
        .string()
        .regex(/^[^\n]+$/)
        .optional(),
      /** Its instructions, when they differ from the previous model's, or the new base instructions. */
      instructions: z.string().min(1).optional(),
    })
    .refine((data) => data.model !== undefined || data.instructions !== undefined, {
      message: "a model, new instructions, or both",
    }),
);

/** The data of a {@link modelInstructions} fragment. */
export type ModelInstructionsData = z.infer<typeof modelInstructionsSchema>;

/**
 * A switch to another model, sent as an update on the turn it happens without a compaction
 * (developer role), in a message of its own, as Codex 0.171 sends `<model_instructions>` there:
 * the model's name, and its instructions when they differ from the previous model's. With the
 * full context the switch is {@link modelSwitch}'s. On the same model, new base instructions
 * (other `baseInstructions` given on a resume or a fork) are sent the same way, without a model
 * name, as Codex 0.171 does when its `model_instructions_file` changes: the request keeps the
 * base instructions it began with, so its cached prefix holds, until a compaction replaces them.
 */
export const modelInstructions = defineFragment<
  ModelInstructionsData,
  ModelState,
  { slug: string; instructions?: string; base?: string }
>({
  type: "model_instructions",
  role: "developer",
  markers: standardMarkers.modelInstructions,
  separate: true,
  guards: guardedMarkers,
  schema: modelInstructionsSchema,
  description: "The session switched to another model; its instructions when they changed.",
  examples: [
    { model: "ctx-coder-long" },
    { model: "ctx-coder", instructions: "Be brief." },
    { instructions: "Be thorough." },
  ],
  body: ({ model, instructions }, { untrusted }) => {
    if (model === undefined) return `\n${replaces}\n\n${untrusted(instructions ?? "")}\n`;
    return instructions === undefined
      ? `\n${lead}${untrusted(model)}.\n`
      : `\n${lead}${untrusted(model)}. ${replaces}\n\n${untrusted(instructions)}\n`;
  },
  parse: (body, { restore }) => {
    if (body.startsWith(`\n${replaces}\n\n`) && body.endsWith("\n")) {
      const data = { instructions: restore(body.slice(replaces.length + 3, -1)) };
      return modelInstructionsSchema.safeParse(data).success ? data : undefined;
    }
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
    if (full || reference.status !== "known") return undefined;
    const { snapshot } = reference;
    // The caller gave other base instructions than the model was last given: they are sent.
    const base =
      state.base !== undefined &&
      state.base !== "" &&
      snapshot.base !== undefined &&
      snapshot.base !== state.base
        ? state.base
        : undefined;
    if (snapshot.slug === state.slug)
      return base === undefined ? undefined : { instructions: base };
    const changed = state.instructions !== "" && state.instructions !== snapshot.instructions;
    const instructions = base ?? (changed ? state.instructions : undefined);
    return instructions === undefined ? { model: state.slug } : { model: state.slug, instructions };
  },
});
