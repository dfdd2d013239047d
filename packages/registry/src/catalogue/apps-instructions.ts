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
  "## Apps (Connectors)",
  "Apps connect you to services the user has linked. A user can ask for one directly with a link of the form `[$app-name](app://{connector_id})`; treat such a link as a request to use that app.",
  "The tools of every app are served by the `codex_apps` MCP server. To find the tool you need, search with `tool_search` rather than guessing names.",
  "Do not call `list_mcp_resources` or `list_mcp_resource_templates` to discover apps: they do not list app tools.",
  "",
].join("\n");

/** Whether the apps guidance is on this turn; see {@link buildGuidance} for when it is sent. */
export const appsSection = defineGuidanceSection("apps");

/** Guidance on connected apps (developer role). */
export const appsInstructions = defineFragment<GuidanceData, boolean, boolean>({
  type: "apps_instructions",
  role: "developer",
  markers: standardMarkers.appsInstructions,
  description: "How to reach the apps (connectors) the user has linked.",
  schema: guidanceDataSchema,
  examples: [{}],
  body: () => body,
  section: appsSection,
  build: buildGuidance,
});
