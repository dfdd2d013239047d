import { defineFragment } from "@ctx/fragments";
import {
  buildGuidance,
  defineGuidanceSection,
  type GuidanceData,
  guidanceDataSchema,
} from "./guidance-section.js";
import { standardMarkers } from "./markers.js";

const body = [
  "",
  "## Execution environments",
  "Commands may run in more than one environment, each with its own working directory and shell; the environment context lists them by id.",
  "An environment whose status is `starting` is still being prepared: wait until it is ready before running commands there, and use another environment meanwhile if the task allows.",
  "",
].join("\n");

/** Whether the environments instructions guidance is on this turn; see {@link buildGuidance} for when it is sent. */
export const environmentsInstructionsSection = defineGuidanceSection("environments_instructions");

/** Guidance on several execution environments (developer role). */
export const environmentsInstructions = defineFragment<GuidanceData, boolean, boolean>({
  type: "environments_instructions",
  role: "developer",
  markers: standardMarkers.environmentsInstructions,
  description: "How to work with several execution environments.",
  schema: guidanceDataSchema,
  examples: [{}],
  body: () => body,
  section: environmentsInstructionsSection,
  build: buildGuidance,
});
