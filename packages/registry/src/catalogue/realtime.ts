import { defineFragment, defineSection, markedBody, type SectionReference } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { defineTextKind } from "./define-text-kind.js";
import { type GuidanceData, guidanceDataSchema } from "./guidance-section.js";
import { standardMarkers } from "./markers.js";

const { start, end } = standardMarkers.realtimeConversation;

const startedText =
  "A realtime voice conversation with the user has begun. Keep each reply short and easy to follow when heard rather than read: plain sentences, no tables or long code, and say what you are about to do before you do it.";
const endedText =
  "The realtime voice conversation has ended. Go back to written replies, with the formatting you would normally use.";

const startedBody = `\n${startedText}\n`;
const endedPrefix = `\n${endedText}\n\nReason: `;

function isStarted(text: string): boolean {
  return markedBody(text, start, end) === startedBody;
}

function isEnded(text: string): boolean {
  const body = markedBody(text, start, end);
  return body?.startsWith(endedPrefix) === true && body.endsWith("\n");
}

const realtimeStateSchema = lazySchema(() =>
  z.object({
    /** Whether a realtime voice conversation is on. */
    active: z.boolean(),
    /** Configured text for its start, sent instead of our guidance. */
    instructions: z.string().min(1).exactOptional(),
  }),
);

/** The state the realtime kinds read. */
export type RealtimeState = z.infer<typeof realtimeStateSchema>;

const realtimeSnapshotSchema = lazySchema(() => z.object({ active: z.boolean() }));

/**
 * Whether a realtime conversation is on, shared by the start and end kinds. A start is sent
 * when the conversation turns on, or is on and the model may not know (absent or unknown); an
 * end only when it turns off from a known on.
 */
export const realtimeSection = defineSection({
  id: "realtime",
  scope: "world",
  state: realtimeStateSchema,
  snapshot: realtimeSnapshotSchema,
  snapshotOf: ({ active }) => ({ active }),
  legacy: true,
  retained: true,
});

function starts(
  state: RealtimeState,
  reference: SectionReference<z.infer<typeof realtimeSnapshotSchema>>,
): boolean {
  return state.active && (reference.status !== "known" || !reference.snapshot.active);
}

/**
 * A realtime conversation started (developer role), with our standard guidance. Recognised by
 * its exact body, so it is told apart from a start with custom instructions and from an end.
 */
export const realtimeStart = defineFragment<GuidanceData, RealtimeState, { active: boolean }>({
  type: "realtime_start",
  role: "developer",
  markers: standardMarkers.realtimeConversation,
  matches: isStarted,
  description: "A realtime voice conversation has started.",
  schema: guidanceDataSchema,
  examples: [{}],
  body: () => startedBody,
  section: realtimeSection,
  build: (state, reference) =>
    starts(state, reference) && state.instructions === undefined ? {} : undefined,
});

/**
 * The data of a {@link realtimeStartWithInstructions} fragment: `instructions`, the configured
 * text for the start of a realtime conversation. It may be neither our standard start text nor
 * look like an end, so that its text is read back as what it is.
 */
export type RealtimeStartWithInstructionsData = { instructions: string };

/** A realtime conversation started, with configured instructions instead of our guidance. */
export const realtimeStartWithInstructions = defineTextKind({
  type: "realtime_start_with_instructions",
  role: "developer",
  markers: standardMarkers.realtimeConversation,
  field: "instructions",
  schema: lazySchema(() =>
    z
      .string()
      .min(1)
      .refine((instructions) => `\n${instructions}\n` !== startedBody, {
        message: "equals the standard start text; use realtime_start instead",
      })
      .refine((instructions) => !`\n${instructions}\n`.startsWith(endedPrefix), {
        message: "begins like the end of a realtime conversation; use realtime_end instead",
      }),
  ),
  before: "\n",
  after: "\n",
  matches: (text) =>
    markedBody(text, start, end) !== undefined && !isStarted(text) && !isEnded(text),
  description: "A realtime voice conversation has started, with configured instructions.",
  example: "Answer in French.",
  section: realtimeSection,
  build: (state, reference) =>
    starts(state, reference) && state.instructions !== undefined
      ? { instructions: state.instructions }
      : undefined,
});

/**
 * The data of a {@link realtimeEnd} fragment: `reason`, why the conversation ended; the reference
 * writes `inactive`.
 */
export type RealtimeEndData = { reason: string };

/** A realtime conversation ended (developer role), with the reason on a line of its own. */
export const realtimeEnd = defineTextKind({
  type: "realtime_end",
  role: "developer",
  markers: standardMarkers.realtimeConversation,
  field: "reason",
  before: endedPrefix,
  after: "\n",
  matches: isEnded,
  description: "The realtime voice conversation has ended.",
  example: "inactive",
  section: realtimeSection,
  build: (state, reference) =>
    !state.active && reference.status === "known" && reference.snapshot.active
      ? { reason: "inactive" }
      : undefined,
});
