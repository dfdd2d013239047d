import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

const currentTimeSchema = lazySchema(() =>
  z.object({
    /** The current time; without it the reminder says the clock could not be read. */
    time: z.date().optional(),
  }),
);

/** The data of a {@link currentTimeReminder} fragment. */
export type CurrentTimeReminderData = z.infer<typeof currentTimeSchema>;

/** Formats a time as `2026-02-26 14:05:09 UTC`. */
function formatUtcTime(time: Date): string {
  return `${time.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/**
 * The current time, for long sessions (developer role): a sentence, then the time as ISO 8601
 * in a `<current_time_iso>` element, or a `<current_time_unavailable>` one when the clock could
 * not be read — the layout Codex 0.171 marks its reminder with.
 */
export const currentTimeReminder = defineFragment({
  type: "current_time_reminder",
  role: "developer",
  markers: standardMarkers.currentTimeReminder,
  guards: guardedMarkers,
  schema: currentTimeSchema,
  description: "The current time, for long sessions.",
  examples: [{ time: new Date("2026-02-26T14:05:09Z") }, {}],
  body: ({ time }) =>
    time === undefined
      ? "\n<current_time_unavailable>The clock could not be read just now.</current_time_unavailable>\n"
      : `\nIt is now ${formatUtcTime(time)}.\n<current_time_iso>${time.toISOString().slice(0, 19)}Z</current_time_iso>\n`,
});
