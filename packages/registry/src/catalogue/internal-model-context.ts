import { defineFragment, endsWithMarker } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { startsWithAsciiCaseInsensitive, trimmedStart } from "@ctx/text";
import { z } from "zod";
import { findWithin } from "./find-within.js";
import { guardedMarkers, standardMarkers } from "./markers.js";

const { start, end } = standardMarkers.internalModelContext;
const sourcePattern = /^[a-z][a-z0-9_]*$/;
const maxSourceLength = 64;

const internalModelContextSchema = lazySchema(() =>
  z.object({
    /** Who produced the context: a lowercase identifier (`extension`, `goal_tracker`). */
    source: z.string().regex(sourcePattern, "the source must match [a-z][a-z0-9_]*"),
    text: z.string(),
  }),
);

/** The data of an {@link internalModelContext} fragment. */
export type InternalModelContextData = z.infer<typeof internalModelContextSchema>;

/** The start tag must carry a valid `source` attribute: `<codex_internal_context source="x">`. */
function matches(text: string): boolean {
  const attribute = `${start} source="`;
  const first = trimmedStart(text);
  if (!startsWithAsciiCaseInsensitive(text, first, attribute)) return false;
  const sourceStart = first + attribute.length;
  const close = findWithin(text, sourceStart, '"', maxSourceLength);
  return (
    close !== -1 &&
    sourcePattern.test(text.slice(sourceStart, close)) &&
    text.charAt(close + 1) === ">" &&
    endsWithMarker(text, end, close + 2)
  );
}

/**
 * Steering text from inside the agent, not from the user (user role), attributed to a source:
 * `<codex_internal_context source="{source}">` … `</codex_internal_context>`.
 */
export const internalModelContext = defineFragment({
  type: "internal_model_context",
  role: "user",
  markers: standardMarkers.internalModelContext,
  guards: guardedMarkers,
  matches,
  schema: internalModelContextSchema,
  description: "Steering text from inside the agent, attributed to its source.",
  examples: [{ source: "extension", text: "Internal steering." }],
  body: ({ source, text }, { untrusted }) => ` source="${source}">\n${untrusted(text)}\n`,
  parse: (body, { restore }) => {
    const match = /^ source="([a-z][a-z0-9_]*)">\n([\s\S]*)\n$/.exec(body);
    if (match === null) return undefined;
    const [, source = "", text = ""] = match;
    return { source, text: restore(text) };
  },
});
