import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { escapeXmlText, unescapeXml } from "@ctx/text";
import { z } from "zod";
import { standardMarkers } from "./markers.js";

const realtimeDelegationSchema = lazySchema(() =>
  z.object({
    /** What the realtime conversation handed over. */
    input: z.string(),
    /** The part of the transcript since the last hand-over, when there is one. */
    transcriptDelta: z.string().optional(),
    /** Set when the hand-over flushes the tail of the transcript. */
    transcriptTailFlush: z.boolean().optional(),
  }),
);

/** A false `transcriptTailFlush` renders nothing, so the fragment leaves it out. */
function canonical(data: z.infer<typeof realtimeDelegationSchema>): RealtimeDelegationData {
  const { transcriptTailFlush, ...rest } = data;
  return transcriptTailFlush ? { ...rest, transcriptTailFlush } : rest;
}

/** The data of a {@link realtimeDelegation} fragment. */
export type RealtimeDelegationData = z.infer<typeof realtimeDelegationSchema>;

const pattern =
  /^\n( {2}<source>transcript_tail_flush<\/source>\n)? {2}<input>([^<]*)<\/input>\n(?: {2}<transcript_delta>([^<]*)<\/transcript_delta>\n)?$/;

/**
 * Work a realtime voice conversation hands to the agent (user role). Text is escaped for `&`, `<`
 * and `>` only, as in the reference.
 */
export const realtimeDelegation = defineFragment({
  type: "realtime_delegation",
  role: "user",
  markers: standardMarkers.realtimeDelegation,
  schema: lazySchema(() => realtimeDelegationSchema.transform(canonical)),
  description: "Work a realtime voice conversation hands to the agent.",
  examples: [{ input: "Open the failing test." }],
  body: ({ input, transcriptDelta, transcriptTailFlush }) =>
    [
      "\n",
      transcriptTailFlush ? "  <source>transcript_tail_flush</source>\n" : "",
      `  <input>${escapeXmlText(input)}</input>\n`,
      transcriptDelta === undefined
        ? ""
        : `  <transcript_delta>${escapeXmlText(transcriptDelta)}</transcript_delta>\n`,
    ].join(""),
  parse: (body) => {
    const match = pattern.exec(body);
    if (match === null) return undefined;
    const [, flush, input = "", delta] = match;
    return {
      input: unescapeXml(input),
      ...(delta === undefined ? {} : { transcriptDelta: unescapeXml(delta) }),
      ...(flush === undefined ? {} : { transcriptTailFlush: true }),
    };
  },
});
