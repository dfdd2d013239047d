import { defineFragment, defineSection, markedBody, type SectionReference } from "@ctx/fragments";
import { z } from "zod";
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

const realtimeStateSchema = z.object({
  /** Whether a realtime voice conversation is on. */
  active: z.boolean(),
  /** Configured text for its start, sent instead of our guidance. */
  instructions: z.string().min(1).exactOptional(),
});

/** The state the realtime kinds read. */
export type RealtimeState = z.infer<typeof realtimeStateSchema>;

const realtimeSnapshotSchema = z.object({ active: z.boolean() });

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
export const realtimeStart = defineFragment({
  type: "realtime_start",
  role: "developer",
  markers: standardMarkers.realtimeConversation,
  matches: isStarted,
  description: "A realtime voice conversation has started.",
  examples: [{}],
  body: (_data: Readonly<Record<string, never>>) => startedBody,
  section: realtimeSection,
  build: (state, reference) =>
    starts(state, reference) && state.instructions === undefined ? {} : undefined,
});

const instructionsSchema = z.object({
  /** The configured text for the start of a realtime conversation. */
  instructions: z.string().min(1),
});

/** The data of a {@link realtimeStartWithInstructions} fragment. */
export type RealtimeStartWithInstructionsData = z.infer<typeof instructionsSchema>;

/** A realtime conversation started, with configured instructions instead of our guidance. */
export const realtimeStartWithInstructions = defineFragment({
  type: "realtime_start_with_instructions",
  role: "developer",
  markers: standardMarkers.realtimeConversation,
  schema: instructionsSchema,
  matches: (text) =>
    markedBody(text, start, end) !== undefined && !isStarted(text) && !isEnded(text),
  description: "A realtime voice conversation has started, with configured instructions.",
  examples: [{ instructions: "Answer in French." }],
  body: ({ instructions }) => `\n${instructions}\n`,
  section: realtimeSection,
  build: (state, reference) =>
    starts(state, reference) && state.instructions !== undefined
      ? { instructions: state.instructions }
      : undefined,
  parse: (body) =>
    body.length >= 3 && body.startsWith("\n") && body.endsWith("\n")
      ? { instructions: body.slice(1, -1) }
      : undefined,
});

const endSchema = z.object({
  /** Why the conversation ended; the reference writes `inactive`. */
  reason: z.string().min(1),
});

/** The data of a {@link realtimeEnd} fragment. */
export type RealtimeEndData = z.infer<typeof endSchema>;

/** A realtime conversation ended (developer role), with the reason on a line of its own. */
export const realtimeEnd = defineFragment({
  type: "realtime_end",
  role: "developer",
  markers: standardMarkers.realtimeConversation,
  schema: endSchema,
  matches: isEnded,
  description: "The realtime voice conversation has ended.",
  examples: [{ reason: "inactive" }],
  body: ({ reason }) => `${endedPrefix}${reason}\n`,
  section: realtimeSection,
  build: (state, reference) =>
    !state.active && reference.status === "known" && reference.snapshot.active
      ? { reason: "inactive" }
      : undefined,
  parse: (body) =>
    body.startsWith(endedPrefix) && body.length > endedPrefix.length + 1
      ? { reason: body.slice(endedPrefix.length, -1) }
      : undefined,
});
