import { z } from "zod";
import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

/**
 * The data of a {@link permissionsInstructions} fragment: `text`, the body as
 * `renderPermissionsInstructions` in `@ctx/prompts` writes it; it starts and ends with a newline.
 */
export type PermissionsInstructionsData = { text: string };

/**
 * The sandbox and approval policy (developer role), inside `<permissions instructions>` — with a
 * space, not an underscore. The text comes from `@ctx/prompts`; this kind only wraps it.
 */
export const permissionsInstructions = defineTextKind({
  type: "permissions_instructions",
  role: "developer",
  markers: standardMarkers.permissions,
  field: "text",
  schema: z.string(),
  description: "What the sandbox allows and when to ask the user for approval.",
  example: "\nThe sandbox is read-only.\n",
});
