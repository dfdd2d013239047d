import { lazySchema } from "@ctx/protocol/internal";
import { firstDifferingByte, type RequestDifference } from "@ctx/protocol/mapping";
import { z } from "zod";
import { checkSchema } from "./provider.js";

/** Where two Responses API request bodies part, and the part of the request that holds it. */
export interface ResponsesRequestDifference extends RequestDifference {
  /** `instructions`, `tool 2`, `input item 40 (function_call_output)`, or another top-level field. */
  readonly part: string;
}

const bodySchema = lazySchema(() => z.looseObject({}));

/**
 * Where the JSON of the next Responses API request body first differs from the previous one's
 * (each the whole body sent to `client.responses.create`: the model, the tools and
 * `toResponsesParams`'s fields): the byte offset, what lies there on each side and the part of
 * the request holding it, or `undefined` when the two serialise alike. `toResponsesParams` hands
 * each request of a session the same `input` array, grown, so keep the previous body as a copy
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
): ResponsesRequestDifference | undefined {
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
  if (field === "tools") return `tool ${index}`;
  if (field === "input") {
    const type = typeAt(next, index) ?? typeAt(previous, index);
    return type === undefined ? `input item ${index}` : `input item ${index} (${type})`;
  }
  return `${field} ${index}`;
}

function typeAt(body: object, index: number): string | undefined {
  const input: unknown = Reflect.get(body, "input");
  const item: unknown = Array.isArray(input) ? input[index] : undefined;
  const type: unknown =
    typeof item === "object" && item !== null ? Reflect.get(item, "type") : undefined;
  return typeof type === "string" ? type : undefined;
}
