import { type ToolDefinition, toolDefinitionSchema } from "@ctx/protocol";
import { checkSchema } from "./provider.js";

/** A function tool as the Chat Completions API takes it in `tools`. */
export interface ChatCompletionsFunctionTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/**
 * A tool definition (the session's `recallToolDefinition`, say) as a Chat Completions function
 * tool.
 *
 * @throws {AdapterError} `invalid-argument` when `definition` does not fit `ToolDefinition`.
 */
export function toChatCompletionsTool(definition: ToolDefinition): ChatCompletionsFunctionTool {
  const { name, description, parameters } = checkSchema(
    "definition",
    definition,
    toolDefinitionSchema,
  );
  return { type: "function", function: { name, description, parameters: { ...parameters } } };
}
