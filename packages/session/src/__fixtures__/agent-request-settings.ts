import type { RequestSettings } from "../turn/request-settings.js";

/** An agent's twenty tools, cache key and reasoning effort, as a turn context's `request` slot. */
export const agentRequestSettings = {
  tools: Array.from({ length: 20 }, (_, index) => ({
    type: "function",
    name: `tool_${index}`,
    description: "Runs one of the agent's commands in the repository.",
    parameters: { type: "object", properties: { path: { type: "string" } } },
  })),
  promptCacheKey: "bench",
  reasoning: { effort: "medium" },
} satisfies RequestSettings;
