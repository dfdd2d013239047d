import { lazySchema } from "@ctx/protocol/internal";
import { firstDifferingByte, type RequestDifference } from "@ctx/protocol/mapping";
import { z } from "zod";
import { checkSchema } from "./provider.js";

/** Where two Messages API request bodies part, and the part of the request that holds it. */
export interface MessagesRequestDifference extends RequestDifference {
  /** `system block 0`, `tools`, `message 12 (user)`, or the top-level field (`model`, `thinking`, …). */
  readonly part: string;
}

const bodySchema = lazySchema(() => z.looseObject({}));

/**
 * Where the JSON of the next Messages API request body first differs from the previous one's
 * (each the whole body sent to `client.messages.create`, `toMessagesParams`'s fields and the
 * caller's): the byte offset, what lies there on each side and the part of the request holding
 * it, or `undefined` when the two serialise alike. `toMessagesParams` hands each request of a
 * session the same `messages` array, grown, so keep the previous body as a copy
 * (`{ ...body, messages: [...body.messages] }`): its items are shared and skipped at the cost
 * of their length.
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
): MessagesRequestDifference | undefined {
  checkSchema("previous", previous, bodySchema);
  checkSchema("next", next, bodySchema);
  const difference = firstDifferingByte(previous, next);
  if (difference === undefined) return undefined;
  return { ...difference, part: partOf(difference.path, next, previous) };
}

function partOf(path: readonly (string | number)[], next: object, previous: object): string {
  const [field, index] = path;
  if (typeof field !== "string") return "the body";
  if (typeof index !== "number") return field;
  if (field === "system") return `system block ${index}`;
  if (field === "messages") {
    const role = roleAt(next, index) ?? roleAt(previous, index);
    return role === undefined ? `message ${index}` : `message ${index} (${role})`;
  }
  return `${field} ${index}`;
}

function roleAt(body: object, index: number): string | undefined {
  const messages: unknown = Reflect.get(body, "messages");
  const message: unknown = Array.isArray(messages) ? messages[index] : undefined;
  const role: unknown =
    typeof message === "object" && message !== null ? Reflect.get(message, "role") : undefined;
  return typeof role === "string" ? role : undefined;
}
