import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { truncateMiddle } from "@ctx/text";
import { z } from "zod";
import { guardedMarkers } from "./markers.js";

/** The most tokens of a sub-agent's error the completion message keeps. */
export const maxAgentErrorTokens = 900;

const interAgentCompletionSchema = lazySchema(() =>
  z.object({
    /** The task the sub-agent was given. */
    task: z.string(),
    /** Who sends the message: the sub-agent's path or name. */
    sender: z.string(),
    status: z.union([
      z.object({ state: z.literal("completed"), message: z.string() }),
      z.object({ state: z.literal("errored"), error: z.string() }),
      z.object({ state: z.literal("shutdown") }),
      z.object({ state: z.literal("not_found") }),
    ]),
  }),
);

/** The data of an {@link interAgentCompletion} fragment. */
export type InterAgentCompletionData = z.infer<typeof interAgentCompletionSchema>;

function payload(status: InterAgentCompletionData["status"]): string {
  switch (status.state) {
    case "completed":
      return status.message;
    case "errored":
      return `Agent errored: ${truncateMiddle(status.error, maxAgentErrorTokens).text}\n\nThe agent's turn ended in failure. If its work is still needed, assign it again with the collaboration tools.`;
    case "shutdown":
      return "The agent has shut down.";
    case "not_found":
      return "No agent by that name was found.";
  }
}

/**
 * A sub-agent's final answer, as an assistant message to its parent (unmarked): message type,
 * task name, sender, then the payload.
 */
export const interAgentCompletion = defineFragment({
  type: "inter_agent_completion",
  role: "assistant",
  markers: null,
  guards: guardedMarkers,
  schema: interAgentCompletionSchema,
  description: "A sub-agent's final answer to the agent that started it.",
  examples: [
    {
      task: "run tests",
      sender: "/root/tester",
      status: { state: "completed", message: "All green." },
    },
  ],
  body: ({ task, sender, status }, { untrusted }) =>
    `Message Type: FINAL_ANSWER\nTask name: ${untrusted(task)}\nSender: ${untrusted(sender)}\nPayload:\n${untrusted(payload(status))}`,
});
