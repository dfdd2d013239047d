import { AdapterError, type ToolDefinition, toolDefinitionSchema } from "@ctx/protocol";
import { checkSchema, provider } from "./provider.js";

/** A tool as the Messages API takes it in `tools`. */
export interface MessagesTool {
  name: string;
  description: string;
  input_schema: { type: "object"; [key: string]: unknown };
}

/**
 * A tool definition (the session's `recallToolDefinition`, say) as a Messages API tool: its
 * arguments' schema becomes `input_schema`, an object schema as Claude requires.
 *
 * @throws {AdapterError} `invalid-argument` when `definition` does not fit
 * `ToolDefinition`, or its parameters are not an object schema.
 * @example
 * ```ts
 * const tools = [toMessagesTool(recallToolDefinition)];
 * ```
 */
export function toMessagesTool(definition: ToolDefinition): MessagesTool {
  const { name, description, parameters } = checkSchema(
    "definition",
    definition,
    toolDefinitionSchema,
  );
  if (parameters.type !== "object") {
    throw new AdapterError(
      "invalid-argument",
      'invalid definition: parameters.type: expected "object" (Claude takes an object schema)',
      { provider },
    );
  }
  return { name, description, input_schema: { ...parameters, type: "object" } };
}
