import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";

/**
 * A function tool the model can be offered, in no provider's format: its name, what it does and
 * the JSON Schema of its arguments. Each adapter maps it to its provider's tool format.
 */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** The schema of a {@link ToolDefinition}: a name the providers accept, and an object schema. */
export const toolDefinitionSchema = lazySchema(() =>
  z.strictObject({
    name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "expected 1 to 64 letters, digits, _ or -"),
    description: z.string(),
    parameters: z.record(z.string(), z.unknown()),
  }),
);
