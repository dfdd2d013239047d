import { lazySchema } from "@ctx/protocol/internal";
import { firstDifferingByte, type RequestDifference } from "@ctx/protocol/mapping";
import { z } from "zod";
import { checkSchema } from "./provider.js";

const promptSchema = lazySchema(() => z.looseObject({}));

/** This adapter's words for the lists of its prompts. */
const labels = { instructions: "instruction", messages: "message" };

/**
 * Where the JSON of the next AI SDK call's settings first differs from the previous one's (each
 * what is passed to `generateText` or `streamText` but the model: `toPrompt`'s fields, the
 * tools, the provider options), as the provider's request is built from them in order: the byte
 * offset, what lies there on each side and the part holding it (`instruction 0 (system)`,
 * `message 12 (user)`, or a top-level field), or `undefined` when the two serialise alike.
 * `toPrompt` hands each request of a session the same `messages` array, grown, so keep the
 * previous settings as a copy (`{ ...settings, messages: [...settings.messages] }`).
 *
 * @throws {AdapterError} coded `invalid-argument` when either is not an object.
 * @example
 * ```ts
 * const difference = promptDifference(previousPrompt, prompt);
 * if (request.cachePrediction !== undefined) log(difference?.offset, difference?.part);
 * ```
 */
export function promptDifference(previous: object, next: object): RequestDifference | undefined {
  checkSchema("previous", previous, promptSchema);
  checkSchema("next", next, promptSchema);
  return firstDifferingByte(previous, next, labels);
}
