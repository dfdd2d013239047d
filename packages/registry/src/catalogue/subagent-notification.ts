import { defineFragment } from "@ctx/fragments";
import { lazySchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { guardedMarkers, standardMarkers } from "./markers.js";

const subagentNotificationSchema = lazySchema(() =>
  z.object({
    /** The sub-agent's path or id. */
    agentPath: z.string().min(1),
    /** The sub-agent's status, as JSON (a string such as `"completed"`, or an object). */
    status: z.json(),
  }),
);

/** The data of a {@link subagentNotification} fragment. */
export type SubagentNotificationData = z.infer<typeof subagentNotificationSchema>;

/**
 * A sub-agent's status changed (user role): one line of JSON,
 * `{"agent_path":…,"status":…}`, between newlines.
 */
export const subagentNotification = defineFragment({
  type: "subagent_notification",
  role: "user",
  markers: standardMarkers.subagentNotification,
  guards: guardedMarkers,
  schema: subagentNotificationSchema,
  description: "A sub-agent's status changed.",
  examples: [{ agentPath: "/root/tester", status: "completed" }],
  body: ({ agentPath, status }, { untrusted }) =>
    `\n${untrusted(JSON.stringify({ agent_path: agentPath, status }))}\n`,
  parse: (body, { restore }) => {
    if (!body.startsWith("\n") || !body.endsWith("\n")) return undefined;
    const parsed = subagentLine.safeParse(safeJson(restore(body.slice(1, -1))));
    return parsed.success
      ? { agentPath: parsed.data.agent_path, status: parsed.data.status }
      : undefined;
  },
});

const subagentLine = lazySchema(() =>
  z.object({ agent_path: z.string().min(1), status: z.json() }),
);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
