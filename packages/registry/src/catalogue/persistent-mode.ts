import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

/** The data of a {@link persistentMode} fragment: `text`, the mode's instructions, verbatim. */
export type PersistentModeData = { text: string };

/**
 * Instructions of a persistent mode that holds across turns until it is replaced (developer
 * role); the text sits between newlines, verbatim.
 */
export const persistentMode = defineTextKind({
  type: "persistent_mode",
  role: "developer",
  markers: standardMarkers.persistentMode,
  field: "text",
  before: "\n",
  after: "\n",
  description: "Instructions of a mode that holds until it is replaced.",
  example: "Keep working until every test passes; report only at the end.",
});
