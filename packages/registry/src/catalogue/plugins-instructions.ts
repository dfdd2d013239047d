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
  "## Plugins",
  "A plugin is a package installed on this machine that can bring together apps, skills and MCP servers.",
  "### How to use plugins",
  "- Skill naming: a skill that comes from a plugin is listed under the plugin's name followed by the skill's own name; refer to it by that full name.",
  "- MCP naming: tools from a plugin's MCP servers carry the server's name, so you can tell which plugin provides each one.",
  "- Triggers: use a plugin when the user mentions it or when the task plainly calls for what it offers.",
  "- Capabilities: a plugin adds nothing beyond the apps, skills and MCP tools it bundles; use those the way you would if they were installed on their own.",
  "- Relevance: prefer the plugin whose description fits the task best, and leave unrelated plugins alone.",
  "- Missing or blocked: if a plugin the user wants is not installed, or its tools are unavailable or refused, say so plainly and carry on with what you have.",
  "",
].join("\n");

/** Whether the plugins guidance is on this turn; see {@link buildGuidance} for when it is sent. */
export const pluginsSection = defineGuidanceSection("plugins");

/** Guidance on installed plugins (developer role): what a plugin is and how to use one. */
export const pluginsInstructions = defineFragment<GuidanceData, boolean, boolean>({
  type: "plugins_instructions",
  role: "developer",
  markers: standardMarkers.pluginsInstructions,
  description: "How to use the plugins installed on this machine.",
  schema: guidanceDataSchema,
  examples: [{}],
  body: () => body,
  section: pluginsSection,
  build: buildGuidance,
});
