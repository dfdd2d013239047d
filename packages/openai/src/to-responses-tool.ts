import { type ToolDefinition, toolDefinitionSchema } from "@ctx/protocol";
import { checkSchema } from "./provider.js";

/** A function tool as the Responses API takes it in `tools`. */
export interface ResponsesFunctionTool {
  type: "function";
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: false;
}

/**
 * A tool definition (the session's `recallToolDefinition`, say) as a Responses API function
 * tool. `strict` is off: strict mode wants every property required, which optional arguments
 * are not.
 *
 * @throws {AdapterError} `invalid-argument` when `definition` does not fit `ToolDefinition`.
 * @example
 * ```ts
 * const tools = [toResponsesTool(recallToolDefinition)];
 * ```
 */
export function toResponsesTool(definition: ToolDefinition): ResponsesFunctionTool {
  const { name, description, parameters } = checkSchema(
    "definition",
    definition,
    toolDefinitionSchema,
  );
  return { type: "function", name, description, parameters: { ...parameters }, strict: false };
}
