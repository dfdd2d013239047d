import { defineFragment, defineSection } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

const collaborationModeSchema = lazySchema(() =>
  z.object({
    /** The mode's name (`default`, `plan`, …); a change of mode is what triggers an update. */
    mode: z.string().min(1),
    /** The mode's developer instructions, rendered verbatim with no added newlines. */
    instructions: z.string(),
  }),
);

/** The data of a {@link collaborationMode} fragment. */
export type CollaborationModeData = z.infer<typeof collaborationModeSchema>;

/**
 * The collaboration mode the model was told about; `undefined` state when there is none. Only a
 * change of mode is sent (new instructions within one mode are not); an unknown reference sends
 * nothing, and a first mode with empty instructions sends nothing either.
 */
export const collaborationModeSection = defineSection({
  id: "collaboration_mode",
  scope: "world",
  state: lazySchema(() => z.union([collaborationModeSchema, z.undefined()])),
  snapshot: lazySchema(() => z.object({ mode: z.string() })),
  snapshotOf: (state) => (state === undefined ? undefined : { mode: state.mode }),
  legacy: true,
  retained: true,
});

/**
 * The active collaboration mode's instructions (developer role), verbatim between the markers.
 * Empty instructions render an empty element, which tells the model the earlier mode's
 * instructions no longer hold.
 */
export const collaborationMode = defineFragment({
  type: "collaboration_mode",
  role: "developer",
  markers: standardMarkers.collaborationMode,
  guards: guardedMarkers,
  schema: collaborationModeSchema,
  description: "How the model should collaborate in the current mode (default, plan, …).",
  examples: [{ mode: "plan", instructions: "Plan before you change anything." }],
  body: ({ instructions }, { untrusted }) => untrusted(instructions),
  section: collaborationModeSection,
  build: (state, reference) => {
    if (state === undefined || reference.status === "unknown") return undefined;
    if (reference.status === "absent") return state.instructions === "" ? undefined : state;
    return reference.snapshot.mode === state.mode ? undefined : state;
  },
});
