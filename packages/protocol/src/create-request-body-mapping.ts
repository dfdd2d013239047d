import { z } from "zod";
import { argumentError } from "./argument-error.js";
import type { RequestDifference } from "./first-differing-byte.js";
import { lazySchema } from "./lazy-schema.js";
import type { ModelInput } from "./model-input.js";

/**
 * How a caller serialises a session's requests for one provider: what an adapter hands a session
 * (its `requestBody` option) so that each predicted cache break carries the first differing byte
 * of the request as it will be sent.
 */
export interface RequestBodyMapping {
  /**
   * The whole body sent for `request` (the provider's parameters and the caller's fields), as the
   * client writes it with `JSON.stringify`. Its lists may be the mapping's own, grown by the next
   * call: whoever keeps a body copies them.
   */
  readonly body: (request: ModelInput) => object;
  /** Where two of these bodies first differ, in the adapter's words; `undefined` when alike. */
  readonly difference: (previous: object, next: object) => RequestDifference | undefined;
}

/**
 * The fields a caller sends beside a mapping's (the model, the tools, the output limit): an
 * object, or a function of the request that makes them (tools that change from turn to turn).
 */
export type RequestFields = object | ((request: ModelInput) => object);

/** The schema of {@link RequestFields}, for the adapters' argument checks. */
export const requestFieldsSchema = lazySchema(() =>
  z.union([
    z.custom<(request: ModelInput) => object>((value) => typeof value === "function", {
      message: "expected an object or a function",
    }),
    z.looseObject({}),
  ]),
);

/** Options of {@link createRequestBodyMapping}. */
export interface RequestBodyMappingOptions {
  /** The caller's fields, which the body begins with. */
  readonly fields: RequestFields;
  /** The adapter's mapping of a request to its parameters (`toMessagesParams`, say), after them. */
  readonly params: (request: ModelInput) => object;
  /** The adapter's difference function for two bodies. */
  readonly difference: (previous: object, next: object) => RequestDifference | undefined;
}

/**
 * Makes the {@link RequestBodyMapping} of an adapter: each body is the caller's `fields` (made
 * for the request when a function), then what `params` maps the request to, in that order, as the
 * client writes them; `difference` compares two of them. An adapter's ready-made mapping
 * (`messagesRequestBody`, `responsesRequestBody`, `promptRequestBody`) is one of these.
 *
 * @throws {ProtocolError} coded `invalid-argument` when `options` is not an object of `fields`
 * (an object or a function), `params` and `difference` (functions).
 * @throws {ProtocolError} from `body`, when a `fields` function returns something else than an
 * object.
 * @example
 * ```ts
 * const mapping = createRequestBodyMapping({
 *   fields: { model: "gpt-5.1" },
 *   params: (request) => ({ instructions: request.instructions, input: request.input }),
 *   difference: (previous, next) => firstDifferingByte(previous, next),
 * });
 * mapping.body(request); // { model: "gpt-5.1", instructions, input }
 * ```
 */
export function createRequestBodyMapping(options: RequestBodyMappingOptions): RequestBodyMapping {
  const { fields, params, difference } = isObject(options)
    ? options
    : ({} as Partial<RequestBodyMappingOptions>);
  if (
    !(isObject(fields) || typeof fields === "function") ||
    typeof params !== "function" ||
    typeof difference !== "function"
  ) {
    throw argumentError(
      "options",
      "expected { fields: object or function, params: function, difference: function }",
    );
  }
  return {
    body: (request) => {
      const made: unknown = typeof fields === "function" ? fields(request) : fields;
      if (!isObject(made)) {
        throw argumentError("fields", "expected the fields function to return an object");
      }
      return { ...made, ...params(request) };
    },
    difference,
  };
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
