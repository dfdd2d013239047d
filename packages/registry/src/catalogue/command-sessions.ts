import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

/** The data of a {@link commandSessions} fragment: `text`, the list of sessions, verbatim. */
export type CommandSessionsData = { text: string };

/**
 * The command sessions the agent has open, as one list that replaces every earlier one
 * (developer role); the text sits between newlines, verbatim. In the context's developer
 * message it comes after the developer instructions and before the skills, where Codex 0.171
 * puts it (its `command_sessions_world_state` feature, the conformance scenario
 * `codex-command-sessions`).
 */
export const commandSessions = defineTextKind({
  type: "command_sessions",
  role: "developer",
  markers: standardMarkers.commandSessions,
  field: "text",
  before: "\n",
  after: "\n",
  description: "The command sessions the agent has open, replacing any earlier list.",
  example: "session 3: pnpm test --watch (running)",
});
