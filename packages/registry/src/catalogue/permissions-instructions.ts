import { defineSection } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

/**
 * The data of a {@link permissionsInstructions} fragment: `text`, the body as
 * `renderPermissionsInstructions` in `@ctx/prompts` writes it; it starts and ends with a newline.
 */
export type PermissionsInstructionsData = { text: string };

const permissionsSchema = lazySchema(() => z.object({ text: z.string() }));

/**
 * The permissions text the model was shown; `undefined` state when the session leaves the
 * permissions out. Sent whenever the text differs from a known snapshot, or none is known.
 */
export const permissionsSection = defineSection({
  id: "permissions",
  scope: "world",
  state: lazySchema(() => z.union([permissionsSchema, z.undefined()])),
  snapshot: permissionsSchema,
  snapshotOf: (state) => state,
  legacy: true,
  retained: true,
});

/**
 * The sandbox and approval policy (developer role), inside `<permissions instructions>` — with a
 * space, not an underscore. The text comes from `@ctx/prompts`; this kind only wraps it.
 */
export const permissionsInstructions = defineTextKind({
  type: "permissions_instructions",
  role: "developer",
  markers: standardMarkers.permissions,
  field: "text",
  schema: lazySchema(() => z.string()),
  description: "What the sandbox allows and when to ask the user for approval.",
  example: "\nThe sandbox is read-only.\n",
  section: permissionsSection,
  build: (state, reference) =>
    state === undefined || (reference.status === "known" && reference.snapshot.text === state.text)
      ? undefined
      : state,
});
