import { lazySchema } from "@ctx/protocol/internal";
import { firstDifferingByte, type RequestDifference } from "@ctx/protocol/mapping";
import { z } from "zod";
import { checkSchema } from "./provider.js";

const bodySchema = lazySchema(() => z.looseObject({}));

/** This adapter's words for the lists of its request bodies. */
const labels = { system: "system block", messages: "message", tools: "tool" };

/**
 * Where the JSON of the next Messages API request body first differs from the previous one's
 * (each the whole body sent to `client.messages.create`, `toMessagesParams`'s fields and
 * the caller's): the byte offset, what lies there on each side and the part of the request
 * holding it (`system block 0`, `tool 2`, `message 12 (user)`, or a top-level field), or `undefined` when the two serialise alike. `toMessagesParams` hands each request
 * of a session the same `messages` array, grown, so keep the previous body as a copy
 * (`{ ...body, messages: [...body.messages] }`): its items are shared and skipped at the cost of
 * their length.
 *
 * @throws {AdapterError} coded `invalid-argument` when either body is not an object.
 * @example
 * ```ts
 * const difference = messagesRequestDifference(previousBody, body);
 * if (request.cachePrediction !== undefined) log(difference?.offset, difference?.part);
 * ```
 */
export function messagesRequestDifference(
  previous: object,
  next: object,
): RequestDifference | undefined {
  checkSchema("previous", previous, bodySchema);
  checkSchema("next", next, bodySchema);
  return firstDifferingByte(previous, next, labels);
}
