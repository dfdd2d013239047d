import { defineTextKind } from "./define-text-kind.js";
import { standardMarkers } from "./markers.js";

/** The data of an {@link agentMessageBoardNotification} fragment: `text`, the notice, verbatim. */
export type AgentMessageBoardNotificationData = { text: string };

/**
 * A message another agent of the team left on the shared board (user role, like the sub-agent
 * notification); the text sits between newlines, verbatim.
 */
export const agentMessageBoardNotification = defineTextKind({
  type: "agent_message_board_notification",
  role: "user",
  markers: standardMarkers.agentMessageBoardNotification,
  field: "text",
  before: "\n",
  after: "\n",
  description: "A message another agent left on the team's board.",
  example: "The reviewer agent posted: the migration is ready for a look.",
});
