import { defineFragment, defineSection } from "@ctx/fragments";
import { z } from "zod";
import { standardMarkers } from "./markers.js";

const permissionsSchema = z.object({
  /** The body text, as `renderPermissionsInstructions` in `@ctx/prompts` writes it: it starts and ends with a newline. */
  text: z.string(),
});

/** The data of a {@link permissionsInstructions} fragment. */
export type PermissionsInstructionsData = z.infer<typeof permissionsSchema>;

const permissionsStateSchema = z.union([permissionsSchema, z.undefined()]);

/**
 * The permissions text the model was shown; `undefined` state when the session leaves the
 * permissions out. Sent whenever the text differs from a known snapshot, or none is known.
 */
export const permissionsSection = defineSection({
  id: "permissions",
  scope: "world",
  state: permissionsStateSchema,
  snapshot: permissionsSchema,
  snapshotOf: (state) => state,
  legacy: true,
  retained: true,
});

/**
 * The sandbox and approval policy (developer role), inside `<permissions instructions>` — with a
 * space, not an underscore. The text comes from `@ctx/prompts`; this kind only wraps it.
 */
export const permissionsInstructions = defineFragment({
  type: "permissions_instructions",
  role: "developer",
  markers: standardMarkers.permissions,
  schema: permissionsSchema,
  description: "What the sandbox allows and when to ask the user for approval.",
  examples: [{ text: "\nThe sandbox is read-only.\n" }],
  body: ({ text }) => text,
  section: permissionsSection,
  build: (state, reference) =>
    state === undefined || (reference.status === "known" && reference.snapshot.text === state.text)
      ? undefined
      : state,
  parse: (body) => ({ text: body }),
});
