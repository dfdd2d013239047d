import { defineSection } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

/**
 * The data of {@link developerInstructions} and {@link managedDeveloperInstructions}: `text`, the
 * text, verbatim; an empty string is not sent, white space alone is.
 */
export type DeveloperInstructionsData = { text: string };

/**
 * The developer instructions of this turn, sent with the full context only (as in the
 * reference, a change mid-session waits for the next full re-send); an empty text is not sent.
 */
export const developerInstructionsSection = defineSection({
  id: "developer_instructions",
  scope: "initial",
  state: lazySchema(() => z.union([z.string(), z.undefined()])),
});

/**
 * The developer instructions of the configuration (developer role), verbatim and unmarked: like
 * any unmarked kind it gives up being recognised, so a developer message holding it counts as
 * having non-contextual content.
 */
export const developerInstructions = defineTextKind({
  type: "developer_instructions",
  role: "developer",
  markers: null,
  field: "text",
  description: "The developer instructions from the configuration, verbatim.",
  example: "Answer in British English.\n",
  section: developerInstructionsSection,
  build: (text) => (text === undefined || text === "" ? undefined : { text }),
});

/**
 * Developer instructions required by a managed (administrator) configuration layer (developer
 * role), in a message of their own that comes last.
 */
export const managedDeveloperInstructions = defineTextKind({
  type: "managed_developer_instructions",
  role: "developer",
  markers: standardMarkers.managedDeveloperInstructions,
  separate: true,
  field: "text",
  description: "Developer instructions required by an administrator's managed configuration.",
  example: "Never upload files outside the company network.",
});
