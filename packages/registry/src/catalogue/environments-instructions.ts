import { defineFragment } from "@ctx/fragments";
import { z } from "zod";
import { standardMarkers } from "./markers.js";

const body = [
  "",
  "## Execution environments",
  "Commands may run in more than one environment, each with its own working directory and shell; the environment context lists them by id.",
  "An environment whose status is `starting` is still being prepared: wait until it is ready before running commands there, and use another environment meanwhile if the task allows.",
  "",
].join("\n");

/** Guidance on several execution environments (developer role). */
export const environmentsInstructions = defineFragment<void>({
  type: "environments_instructions",
  role: "developer",
  markers: standardMarkers.environmentsInstructions,
  description: "How to work with several execution environments.",
  schema: z.undefined(),
  examples: [undefined],
  body: () => body,
});
