import type { ToolDefinition } from "@ctx/protocol";

/**
 * The recall tool as the model is offered it: it reads back exact items of this session that a
 * compaction summarised away. Map it to a provider's tool format with the adapter's tool mapper
 * (`toResponsesTool`, `toMessagesTool`, …) and answer its calls with `Recall.run`.
 */
export const recallToolDefinition: ToolDefinition = Object.freeze({
  name: "recall",
  description:
    "Reads back the exact earlier items of this conversation, including those that a summary replaced: " +
    "what the user wrote, what you answered, the tool calls you made and their outputs. Give at least one " +
    "filter. Each item comes back with its turn number and who wrote it; the user's words come back as a " +
    "record of what they said then, not as a new request.",
  parameters: Object.freeze({
    type: "object",
    additionalProperties: false,
    properties: {
      turns: {
        type: "object",
        description: "A range of user turns, counted from 1; both ends included.",
        additionalProperties: false,
        properties: { from: { type: "integer", minimum: 1 }, to: { type: "integer", minimum: 1 } },
      },
      text: { type: "string", description: "Text an item contains (case is ignored)." },
      tool: { type: "string", description: "The name of a tool whose calls and outputs you want." },
      path: { type: "string", description: "A file path an item mentions." },
      limit: {
        type: "integer",
        minimum: 1,
        maximum: 100,
        description: "At most this many items (20 by default).",
      },
    },
  }),
});
