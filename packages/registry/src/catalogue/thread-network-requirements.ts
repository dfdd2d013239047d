import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

/** The data of a {@link threadNetworkRequirements} fragment: `text`, the requirements, verbatim. */
export type ThreadNetworkRequirementsData = { text: string };

/**
 * The network requirements a thread runs under, beyond its sandbox (developer role); the text
 * sits between newlines, verbatim.
 */
export const threadNetworkRequirements = defineTextKind({
  type: "thread_network_requirements",
  role: "developer",
  markers: standardMarkers.threadNetworkRequirements,
  field: "text",
  before: "\n",
  after: "\n",
  description: "The network requirements of the thread.",
  example: "Requests go through the configured proxy only.",
});
