import { z } from "zod";
import { ProtocolError } from "./protocol-error.js";
import { type ResponseItem, responseItemSchema } from "./response-item.js";
import { toSchemaIssues } from "./schema-issue.js";

/**
 * What a client mapping reads from a model request: the base instructions and the input items.
 * `@ctx/session`'s `ModelRequest` is assignable to it; fields beyond these pass by unread.
 */
export interface ModelInput {
  /** The base instructions. */
  readonly instructions: string;
  /** The history and the turn's items, in order. */
  readonly input: readonly ResponseItem[];
}

/** The schema of a {@link ModelInput}; other fields are allowed and left alone. */
export const modelInputSchema = z.looseObject({
  instructions: z.string(),
  input: z.array(responseItemSchema),
});

/** The result of {@link safeParseModelInput}: the input, or the error that says what is wrong. */
export type ModelInputParseResult =
  | { readonly success: true; readonly modelInput: ModelInput }
  | { readonly success: false; readonly error: ProtocolError };

/**
 * Checks that `value` is a {@link ModelInput}, without throwing. The value returned is `value`
 * itself, typed, so the key order of every item (the bytes of the prompt prefix) is kept.
 */
export function safeParseModelInput(value: unknown): ModelInputParseResult {
  const result = modelInputSchema.safeParse(value);
  // The schema only checks, so a valid value is already the input; zod's copy could reorder keys.
  if (result.success) return { success: true, modelInput: value as ModelInput };
  return { success: false, error: new ProtocolError("model input", toSchemaIssues(result.error)) };
}
