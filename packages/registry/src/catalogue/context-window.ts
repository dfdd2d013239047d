import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { defineTextKind } from "./define-text-kind.js";
import { guardedMarkers, standardMarkers } from "./markers.js";

const contextWindowSchema = lazySchema(() =>
  z.object({
    threadId: z.string().min(1),
    firstWindowId: z.string().min(1),
    currentWindowId: z.string().min(1),
    previousWindowId: z.string().min(1).optional(),
    /** Text a tool returned as a hint about the thread, shown after the ids. */
    threadHint: z.string().optional(),
  }),
);

/** The data of a {@link contextWindow} fragment. */
export type ContextWindowData = z.infer<typeof contextWindowSchema>;

/**
 * Which thread and context window the model is in (developer role), one `Label: value` line
 * each, in a message of its own. Sent with the full context only, never as a diff.
 */
export const contextWindow = defineFragment({
  type: "context_window",
  role: "developer",
  markers: standardMarkers.contextWindow,
  separate: true,
  guards: guardedMarkers,
  schema: contextWindowSchema,
  description: "The thread and context-window ids, for a model that manages its own context.",
  examples: [
    { threadId: "t1", firstWindowId: "w1", currentWindowId: "w2", previousWindowId: "w1" },
  ],
  body: (data, { untrusted }) => {
    const lines = [
      `Thread id: ${data.threadId}`,
      `First context window id: ${data.firstWindowId}`,
      `Current context window id: ${data.currentWindowId}`,
      ...(data.previousWindowId === undefined
        ? []
        : [`Previous context window id: ${data.previousWindowId}`]),
      ...(data.threadHint === undefined ? [] : [data.threadHint]),
    ];
    return `\n${untrusted(lines.join("\n"))}\n`;
  },
});

/**
 * The data of a {@link contextWindowGuidance} fragment: `message`, the configured guidance; blank
 * guidance is not sent.
 */
export type ContextWindowGuidanceData = { message: string };

/** Configured guidance on managing the context window (developer role). */
export const contextWindowGuidance = defineTextKind({
  type: "context_window_guidance",
  role: "developer",
  markers: standardMarkers.contextWindowGuidance,
  field: "message",
  schema: lazySchema(() => z.string().regex(/\S/, "the guidance must not be blank")),
  before: "\n",
  after: "\n",
  description: "Configured guidance on how to manage the context window.",
  example: "Start a new window after each finished task.",
});
