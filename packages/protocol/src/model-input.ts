import { z } from "zod";
import { lazySchema } from "./lazy-schema.js";
import { type ResponseItem, responseItemSchema } from "./response-item.js";

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

/**
 * The schema of a {@link ModelInput}; other fields are allowed. It only checks: after a
 * successful parse, use the value itself rather than zod's copy, which could reorder the keys of
 * an item (the bytes of the prompt prefix).
 */
export const modelInputSchema = lazySchema(() =>
  z.looseObject({
    instructions: z.string(),
    input: z.array(responseItemSchema),
  }),
);
