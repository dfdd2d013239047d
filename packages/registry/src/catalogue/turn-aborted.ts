import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { standardMarkers } from "./markers.js";

const byUser =
  "The user deliberately stopped the previous turn before it finished. Processes it started in the background may still be running, and a command or tool call that was cut off may have partly run, so check the current state before repeating any of that work.";
const byHarness =
  "The previous turn was stopped before it finished. Processes it started in the background may still be running, and a command or tool call that was cut off may have partly run, so check the current state before repeating any of that work.";

/**
 * The previous turn was interrupted by the user (user role): recorded so the next request tells
 * the model not to trust that the interrupted work finished.
 */
export const turnAborted = defineFragment<void>({
  type: "turn_aborted",
  role: "user",
  markers: standardMarkers.turnAborted,
  description: "The user interrupted the previous turn.",
  schema: lazySchema(() => z.undefined()),
  examples: [undefined],
  body: () => `\n${byUser}\n`,
});

/** The previous turn was interrupted (developer role, for multi-agent sessions), without naming who stopped it. */
export const turnAbortedDeveloper = defineFragment<void>({
  type: "turn_aborted_developer",
  role: "developer",
  markers: standardMarkers.turnAborted,
  description: "The previous turn was interrupted.",
  schema: lazySchema(() => z.undefined()),
  examples: [undefined],
  body: () => `\n${byHarness}\n`,
});
