import { defineSection } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

const leadIn =
  "The user has asked you to change how you communicate. Every reply from now on should follow the personality described here:";

/** What a change back to no personality says, so the one described before stops applying. */
const withoutPersonality =
  "No particular personality any more: drop the one described earlier and answer in a plain, neutral voice.";

/**
 * The data of a {@link personalitySpec} fragment: `personality`, the model's message for the
 * chosen personality.
 */
export type PersonalitySpecData = { personality: string };

const personalityStateSchema = lazySchema(() =>
  z.object({
    /** The model this turn is sent to. */
    model: z.string().min(1),
    /** The personality asked for; omitted when none is set. */
    personality: z.enum(["friendly", "pragmatic", "none"]).exactOptional(),
    /** The model's message for that personality; empty when it has none. */
    message: z.string(),
    /** Whether the session's base instructions already carry this personality. */
    baked: z.boolean(),
  }),
);

/** The state the personality kind reads. */
export type PersonalityState = z.infer<typeof personalityStateSchema>;

/**
 * The personality the model was told about. The full context sends it unless the base
 * instructions already carry it; a later turn sends it only when it changed on the same model (a
 * model switch already brings the new model's instructions): the new personality's message, or,
 * on a change back to `none`, our note that the earlier personality no longer applies.
 */
export const personalitySection = defineSection({
  id: "personality",
  scope: "settings",
  state: personalityStateSchema,
  snapshot: lazySchema(() =>
    z.object({
      model: z.string(),
      personality: z.enum(["friendly", "pragmatic", "none"]).exactOptional(),
    }),
  ),
  snapshotOf: ({ model, personality }) => ({
    model,
    ...(personality === undefined ? {} : { personality }),
  }),
});

/**
 * A change of personality (developer role). The body keeps the reference's spacing — a space
 * after the start marker, a space and a newline after the lead-in, a space before the end marker.
 */
export const personalitySpec = defineTextKind({
  type: "personality_spec",
  role: "developer",
  markers: standardMarkers.personalitySpec,
  field: "personality",
  before: ` ${leadIn} \n`,
  after: " ",
  description: "The personality the user asked the model to adopt.",
  example: "Be warm and encouraging.",
  section: personalitySection,
  build: (state, reference) => {
    if (state.personality === undefined) return undefined;
    if (reference.status === "absent")
      return state.baked || state.message === "" ? undefined : { personality: state.message };
    if (reference.status === "unknown" || reference.snapshot.model !== state.model)
      return undefined;
    const before = reference.snapshot.personality;
    if (before === state.personality) return undefined;
    if (state.message !== "") return { personality: state.message };
    // Back to none: without a word the model keeps the personality it was told before.
    return before === undefined || before === "none"
      ? undefined
      : { personality: withoutPersonality };
  },
});
