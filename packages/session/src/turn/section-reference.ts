import type { KindSection, SectionReference } from "@ctx/fragments";
import type { JsonValue } from "@ctx/protocol";

/**
 * What the model was last shown of `section`, by the reference's rules, from its `snapshot` in
 * the baseline and whether the history `shown` a fragment of it: on a full context only a
 * snapshot that survives a reset is known, and a section the history shows is unknown;
 * otherwise a snapshot is known unless the section is retained and its fragment left the
 * history (absent), and without one a section the history shows is unknown.
 */
export function sectionReference(
  section: KindSection,
  snapshot: JsonValue | undefined,
  shown: boolean,
  full: boolean,
): SectionReference<JsonValue> {
  if (
    snapshot !== undefined &&
    (section.survivesReset || (!full && (!section.retained || shown)))
  ) {
    return { status: "known", snapshot };
  }
  if (snapshot !== undefined && !full) return { status: "absent" };
  return section.legacy && shown ? { status: "unknown" } : { status: "absent" };
}
