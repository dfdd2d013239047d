import {
  defineFragment,
  defineSection,
  type FragmentKind,
  type Markers,
  type Section,
  type SectionReference,
} from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";

/** The data of a guidance kind: none, as it renders the same text every time. */
export const guidanceDataSchema = lazySchema(() => z.strictObject({}));

/** The data of a guidance kind: an empty object. */
export type GuidanceData = z.infer<typeof guidanceDataSchema>;

/** Whether a guidance section's feature is on: its state and its snapshot. */
const enabledSchema = lazySchema(() => z.boolean());

/**
 * A section that shows fixed guidance while a feature is on (apps, plugins, several
 * environments). Its state and snapshot are whether the feature is on; it is retained, and a
 * history without snapshots that shows the guidance makes the reference unknown.
 */
export function defineGuidanceSection(id: string): Section<boolean, boolean> {
  return defineSection({
    id,
    scope: "world",
    state: enabledSchema,
    snapshot: enabledSchema,
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

/** A guidance kind: its type, markers, one sentence on what it tells the model, and its text. */
export interface GuidanceKindDefinition {
  readonly type: string;
  readonly markers: Markers;
  readonly description: string;
  /** The fixed text between the markers. */
  readonly body: string;
  readonly section: Section<boolean, boolean>;
}

/**
 * A developer kind that renders fixed guidance while its feature is on, built by
 * {@link buildGuidance} from its section.
 */
export function defineGuidanceKind(definition: GuidanceKindDefinition): FragmentKind<GuidanceData> {
  return defineFragment<GuidanceData, boolean, boolean>({
    type: definition.type,
    role: "developer",
    markers: definition.markers,
    description: definition.description,
    schema: guidanceDataSchema,
    examples: [{}],
    body: () => definition.body,
    section: definition.section,
    build: buildGuidance,
  });
}
