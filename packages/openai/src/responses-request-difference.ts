import { lazySchema } from "@ctx/protocol/internal";
import { firstDifferingByte, type RequestDifference } from "@ctx/protocol/mapping";
import { z } from "zod";
import { checkSchema } from "./provider.js";

const bodySchema = lazySchema(() => z.looseObject({}));

/** This adapter's words for the lists of its request bodies. */
const labels = { input: "input item", tools: "tool" };

/**
 * Where the JSON of the next Responses API request body first differs from the previous one's
 * (each the whole body sent to `client.responses.create`: the model, the tools and
 * `toResponsesParams`'s fields): the byte offset, what lies there on each side and the part of the request
 * holding it (`instructions`, `tool 2 (function)`, `input item 40 (function_call_output)`), or `undefined` when the two serialise alike. `toResponsesParams` hands each request
 * of a session the same `input` array, grown, so keep the previous body as a copy
 * (`{ ...body, input: [...body.input] }`): its items are shared and skipped at the cost of their
 * length.
 *
 * @throws {AdapterError} coded `invalid-argument` when either body is not an object.
 * @example
 * ```ts
 * const difference = responsesRequestDifference(previousBody, body);
 * if (request.cachePrediction !== undefined) log(difference?.offset, difference?.part);
 * ```
 */
export function responsesRequestDifference(
  previous: object,
  next: object,
): RequestDifference | undefined {
  checkSchema("previous", previous, bodySchema);
  checkSchema("next", next, bodySchema);
  return firstDifferingByte(previous, next, labels);
}
