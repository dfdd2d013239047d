import { defineFragment } from "@ctx/fragments";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

const multiAgentRoleSchema = z.object({
  /** Who the agent is in its team and how it works with the other agents, verbatim. */
  text: z.string().min(1),
});

/** The data of a {@link multiAgentRole} fragment. */
export type MultiAgentRoleData = z.infer<typeof multiAgentRoleSchema>;

/**
 * The agent's role in a team of agents (developer role), in a message of its own: the usage hint
 * Codex 0.169 sends to a root agent or a sub-agent, verbatim between the markers.
 */
export const multiAgentRole = defineFragment({
  type: "multi_agent_role",
  role: "developer",
  markers: standardMarkers.multiAgentRole,
  separate: true,
  guards: guardedMarkers,
  schema: multiAgentRoleSchema,
  description: "The agent's role in a team of agents and how to work with the others.",
  examples: [{ text: "You lead a team of agents; hand independent subtasks to them." }],
  body: ({ text }, { untrusted }) => untrusted(text),
  parse: (body, { restore }) => (body === "" ? undefined : { text: restore(body) }),
});
