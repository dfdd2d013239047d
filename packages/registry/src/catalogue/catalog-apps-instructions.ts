import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

/** The data of a {@link catalogAppsInstructions} fragment: `text`, the catalogue's guidance, verbatim. */
export type CatalogAppsInstructionsData = { text: string };

/**
 * Guidance on the apps of a catalogue the user can install from (developer role), next to the
 * guidance on apps already linked; the text sits between newlines, verbatim.
 */
export const catalogAppsInstructions = defineTextKind({
  type: "catalog_apps_instructions",
  role: "developer",
  markers: standardMarkers.catalogAppsInstructions,
  field: "text",
  before: "\n",
  after: "\n",
  description: "Guidance on the apps a catalogue offers for installation.",
  example: "Suggest an app from the catalogue only when the task needs it.",
});
