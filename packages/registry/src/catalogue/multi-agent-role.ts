import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

/**
 * The data of a {@link multiAgentRole} fragment: `text`, who the agent is in its team and how it
 * works with the other agents, verbatim.
 */
export type MultiAgentRoleData = { text: string };

/**
 * The agent's role in a team of agents (developer role), in a message of its own: the usage hint
 * Codex 0.169 sends to a root agent or a sub-agent, verbatim between the markers.
 */
export const multiAgentRole = defineTextKind({
  type: "multi_agent_role",
  role: "developer",
  markers: standardMarkers.multiAgentRole,
  separate: true,
  field: "text",
  description: "The agent's role in a team of agents and how to work with the others.",
  example: "You lead a team of agents; hand independent subtasks to them.",
});
