import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

/** The data of a {@link contentFilterGuidance} fragment: `text`, the guidance, verbatim. */
export type ContentFilterGuidanceData = { text: string };

/**
 * Configured guidance on what to do when the provider's content filter stops an answer
 * (developer role); the text sits between newlines, verbatim.
 */
export const contentFilterGuidance = defineTextKind({
  type: "content_filter_guidance",
  role: "developer",
  markers: standardMarkers.contentFilterGuidance,
  field: "text",
  before: "\n",
  after: "\n",
  description: "What to do when the provider's content filter stops an answer.",
  example: "If an answer is filtered, say so and offer a safer approach.",
});
