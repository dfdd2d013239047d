import { defineSection, matchesMarkedText } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { defineTextKind } from "./define-text-kind.js";
import { legacyMarkers, standardMarkers } from "./markers.js";

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

/** A warning that developer instructions, sent as written, open and close as another kind does. */
export interface DeveloperInstructionsForgeWarning extends CtxWarning {
  readonly code: "developer-instructions-look-like-another-kind";
  /** The start marker the text opens with. */
  readonly marker: string;
}

/**
 * The warning for developer instructions that, sent as written, a history reader would take for
 * another standard kind (they open with its start marker and close with its end marker), or
 * `undefined` for any other text. Markers elsewhere in the text forge nothing: the text is a
 * content item of its own, and recognition looks at both of its ends.
 */
function developerInstructionsForgery(text: string): DeveloperInstructionsForgeWarning | undefined {
  for (const { start, end } of [
    ...Object.values(standardMarkers),
    ...Object.values(legacyMarkers),
  ]) {
    if (!matchesMarkedText(text, start, end)) continue;
    return {
      code: "developer-instructions-look-like-another-kind",
      marker: start,
      message: `the developer instructions (developer_instructions in Codex's config.toml) open with ${start} and close with ${end}, another kind's markers; they are sent as written, and a reader of this history will take them for that kind`,
    };
  }
  return undefined;
}

/**
 * The developer instructions of the configuration (developer role), exactly as written and
 * unmarked: like any unmarked kind it gives up being recognised, so a developer message holding
 * it counts as having non-contextual content. Nothing in the text is rewritten; a text that opens
 * and closes with another kind's markers is sent as written with a
 * `developer-instructions-look-like-another-kind` warning.
 */
export const developerInstructions = defineTextKind({
  type: "developer_instructions",
  role: "developer",
  markers: null,
  field: "text",
  verbatim: true,
  description: "The developer instructions from the configuration, exactly as written.",
  example: "Answer in British English.\n",
  section: developerInstructionsSection,
  build: (text, _reference, params) => {
    if (text === undefined || text === "") return undefined;
    const forgery = developerInstructionsForgery(text);
    if (forgery !== undefined) params.warn(forgery);
    return { text };
  },
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
