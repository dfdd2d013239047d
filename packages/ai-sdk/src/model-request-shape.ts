import {
  describeSchemaIssues,
  type ResponseItem,
  responseItemSchema,
  toSchemaIssues,
} from "@ctx/protocol";
import { z } from "zod";
import { AiSdkAdapterError } from "./ai-sdk-adapter-error.js";

/**
 * What the mappings read from a request: the base instructions and the input items. A
 * `ModelRequest` of `@ctx/session` is assignable to it; fields beyond these are ignored.
 */
export interface ModelRequestShape {
  /** The base instructions. */
  readonly instructions: string;
  /** The history and the turn's items, in order. */
  readonly input: readonly ResponseItem[];
}

const modelRequestShapeSchema = z.looseObject({
  instructions: z.string(),
  input: z.array(responseItemSchema),
});

/**
 * Checks that `request` is a {@link ModelRequestShape} and returns it typed.
 * @throws {AiSdkAdapterError} naming each offending path, such as `input[2].call_id`.
 */
export function checkModelRequest(request: unknown): ModelRequestShape {
  const result = modelRequestShapeSchema.safeParse(request);
  if (!result.success) {
    throw new AiSdkAdapterError(
      `invalid model request: ${describeSchemaIssues(toSchemaIssues(result.error))}`,
    );
  }
  // The schema only checks, so the value itself is the request; zod's rebuilt copy could reorder
  // keys, and the wire bytes of the prompt prefix must not move.
  return request as ModelRequestShape;
}
