import { defineFragment, endsWithMarker } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { trimmedStart, truncateMiddle } from "@ctx/text";
import { z } from "zod";
import { findWithin } from "./find-within.js";
import { guardedMarkers, standardMarkers } from "./markers.js";

/** The most tokens one value of additional context keeps; the middle of a longer one is cut. */
export const maxAdditionalContextTokens = 1000;

const additionalContextSchema = lazySchema(() =>
  z.object({
    /** A short name for the value (`browser_info`); it becomes part of the tag. */
    key: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+$/, "a key holds only letters, digits, '_', '.' and '-'"),
    value: z.string(),
  }),
);

/** The data of {@link additionalContext} and {@link trustedAdditionalContext} fragments. */
export type AdditionalContextData = z.infer<typeof additionalContextSchema>;

const externalStart = standardMarkers.externalContext.start;

/** The longest key the recogniser looks for, so it reads a bounded part of the text. */
const maxKeyLength = 256;

/**
 * `<external_{key}>…</external_{key}>`: the key is read from the start tag, and the text must end
 * by closing it. Only the two ends of the text are read; the start marker was checked already.
 */
function matchesExternal(text: string): boolean {
  const keyStart = trimmedStart(text) + externalStart.length;
  const close = findWithin(text, keyStart, ">", maxKeyLength);
  return (
    close !== -1 && endsWithMarker(text, `</external_${text.slice(keyStart, close)}>`, close + 1)
  );
}

/**
 * Context a client attached to the turn from a source it does not vouch for (user role):
 * `<external_{key}>{value}</external_{key}>`. The value is untrusted and cut to 1,000 tokens.
 */
export const additionalContext = defineFragment({
  type: "additional_context",
  role: "user",
  markers: standardMarkers.externalContext,
  guards: guardedMarkers,
  matches: matchesExternal,
  schema: additionalContextSchema,
  description: "Untrusted context a client attached to the turn.",
  examples: [{ key: "browser_info", value: "tab one" }],
  body: ({ key, value }, { untrusted }) =>
    `${key}>${untrusted(truncateMiddle(value, maxAdditionalContextTokens).text)}</external_${key}`,
});

/**
 * Context a client attached from a source it trusts (developer role), as `<{key}>{value}</{key}>`
 * with no markers of its own: it is not recognised later.
 */
export const trustedAdditionalContext = defineFragment({
  type: "trusted_additional_context",
  role: "developer",
  markers: null,
  guards: guardedMarkers,
  schema: additionalContextSchema,
  description: "Trusted context a client attached to the turn.",
  examples: [{ key: "automation_info", value: "run one" }],
  body: ({ key, value }, { untrusted }) =>
    `<${key}>${untrusted(truncateMiddle(value, maxAdditionalContextTokens).text)}</${key}>`,
});
