import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

/** The data of a {@link startupContext} fragment: `text`, the configured context, verbatim. */
export type StartupContextData = { text: string };

/**
 * Context configured for the start of a conversation (developer role); the text sits between
 * newlines, verbatim.
 */
export const startupContext = defineTextKind({
  type: "startup_context",
  role: "developer",
  markers: standardMarkers.startupContext,
  field: "text",
  before: "\n",
  after: "\n",
  description: "Context configured for the start of a conversation.",
  example: "The user is on call this week.",
});
