import { defineSection } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

const preamble =
  "An earlier part of this conversation was handled by a different model. Carry on from where it left off, following the instructions below.";

/**
 * The data of a {@link modelSwitch} fragment: `instructions`, the new model's instructions for the
 * current personality.
 */
export type ModelSwitchData = { instructions: string };

const modelStateSchema = lazySchema(() =>
  z.object({
    /** The model this turn is sent to. */
    slug: z.string().min(1),
    /** That model's instructions for the current personality. */
    instructions: z.string(),
    /**
     * The base instructions the caller sets for this turn (the session's recorded ones when it
     * sets none): when they differ from those the model was last given on the same model, the
     * new ones are sent as an update.
     */
    base: z.string().exactOptional(),
  }),
);

/** The state the model-switch kind reads. */
export type ModelState = z.infer<typeof modelStateSchema>;

/**
 * The model the previous turn used, its instructions and the base instructions in force (absent
 * from snapshots written before they were kept). It survives a lost baseline, so a full re-send
 * after a rollback still tells a new model where it stands.
 */
export const modelSection = defineSection({
  id: "model",
  scope: "settings",
  state: modelStateSchema,
  snapshot: lazySchema(() =>
    z.object({
      slug: z.string(),
      instructions: z.string().exactOptional(),
      base: z.string().exactOptional(),
    }),
  ),
  snapshotOf: ({ slug, instructions, base }) =>
    base === undefined ? { slug, instructions } : { slug, instructions, base },
  survivesReset: true,
});

/**
 * Tells the model that the conversation moves to it from another model, and gives it the new
 * model's instructions (developer role), when the switch comes with the full context (after a
 * compaction or a rollback), as Codex 0.171 sends it then: first in the context's developer
 * message, before the permissions. A switch sent as an update is {@link modelInstructions}'s.
 */
export const modelSwitch = defineTextKind({
  type: "model_switch",
  role: "developer",
  markers: standardMarkers.modelSwitch,
  field: "instructions",
  before: `\n${preamble}\n\n`,
  after: "\n",
  description: "The instructions of the model the conversation just switched to.",
  example: "You are a careful coding agent.",
  section: modelSection,
  build: (state, reference, { full }) =>
    full &&
    reference.status === "known" &&
    reference.snapshot.slug !== state.slug &&
    state.instructions !== ""
      ? { instructions: state.instructions }
      : undefined,
});
