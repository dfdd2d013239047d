import { defineFragment, defineSection } from "@ctx/fragments";
import { z } from "zod";
import { standardMarkers } from "./markers.js";

const textSchema = z.object({
  /** The text, verbatim; an empty string is not sent, white space alone is. */
  text: z.string().min(1),
});

/** The data of {@link developerInstructions} and {@link managedDeveloperInstructions}. */
export type DeveloperInstructionsData = z.infer<typeof textSchema>;

/**
 * The developer instructions of this turn, sent with the full context only (as in the
 * reference, a change mid-session waits for the next full re-send); an empty text is not sent.
 */
export const developerInstructionsSection = defineSection({
  id: "developer_instructions",
  scope: "initial",
  state: z.union([z.string(), z.undefined()]),
});

/**
 * The developer instructions of the configuration (developer role), verbatim and unmarked: like
 * any unmarked kind it gives up being recognised, so a developer message holding it counts as
 * having non-contextual content.
 */
export const developerInstructions = defineFragment({
  type: "developer_instructions",
  role: "developer",
  markers: null,
  schema: textSchema,
  description: "The developer instructions from the configuration, verbatim.",
  examples: [{ text: "Answer in British English.\n" }],
  body: ({ text }) => text,
  section: developerInstructionsSection,
  build: (text) => (text === undefined || text === "" ? undefined : { text }),
});

/**
 * Developer instructions required by a managed (administrator) configuration layer (developer
 * role), in a message of their own that comes last.
 */
export const managedDeveloperInstructions = defineFragment({
  type: "managed_developer_instructions",
  role: "developer",
  markers: standardMarkers.managedDeveloperInstructions,
  separate: true,
  schema: textSchema,
  description: "Developer instructions required by an administrator's managed configuration.",
  examples: [{ text: "Never upload files outside the company network." }],
  body: ({ text }) => text,
  parse: (body) => (body === "" ? undefined : { text: body }),
});
