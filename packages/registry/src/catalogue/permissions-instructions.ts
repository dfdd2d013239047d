import { defineFragment } from "@ctx/fragments";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

const permissionsSchema = z.object({
  /** The body text, as `renderPermissionsInstructions` in `@ctx/prompts` writes it: it starts and ends with a newline. */
  text: z.string(),
});

/** The data of a {@link permissionsInstructions} fragment. */
export type PermissionsInstructionsData = z.infer<typeof permissionsSchema>;

/**
 * The sandbox and approval policy (developer role), inside `<permissions instructions>` — with a
 * space, not an underscore. The text comes from `@ctx/prompts`; this kind only wraps it.
 */
export const permissionsInstructions = defineFragment({
  type: "permissions_instructions",
  role: "developer",
  markers: standardMarkers.permissions,
  guards: guardedMarkers,
  schema: permissionsSchema,
  description: "What the sandbox allows and when to ask the user for approval.",
  examples: [{ text: "\nThe sandbox is read-only.\n" }],
  body: ({ text }, { untrusted }) => untrusted(text),
  parse: (body, { restore }) => ({ text: restore(body) }),
});
