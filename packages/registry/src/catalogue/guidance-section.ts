import { defineSection, type Section, type SectionReference } from "@ctx/fragments";
import { z } from "zod";

/** The data of a guidance kind: none, as it renders the same text every time. */
export const guidanceDataSchema = z.strictObject({});

/** The data of a guidance kind: an empty object. */
export type GuidanceData = z.infer<typeof guidanceDataSchema>;

/**
 * A section that shows fixed guidance while a feature is on (apps, plugins, several
 * environments). Its state and snapshot are whether the feature is on; it is retained, and a
 * history without snapshots that shows the guidance makes the reference unknown.
 */
export function defineGuidanceSection(id: string): Section<boolean, boolean> {
  return defineSection({
    id,
    scope: "world",
    state: z.boolean(),
    snapshot: z.boolean(),
    snapshotOf: (enabled) => enabled,
    legacy: true,
    retained: true,
  });
}

/**
 * The reference's rule for guidance: send it when the feature is on and the model was not
 * already shown it on (absent, or known off). Turning a feature off sends nothing: the old text
 * stays in history. Unknown means the history already holds the guidance.
 */
export function buildGuidance(
  enabled: boolean,
  reference: SectionReference<boolean>,
): GuidanceData | undefined {
  if (!enabled) return undefined;
  if (reference.status === "absent") return {};
  if (reference.status === "known" && !reference.snapshot) return {};
  return undefined;
}
