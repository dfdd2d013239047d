import { requestFieldsSchema } from "@ctx/protocol/internal";
import {
  createRequestBodyMapping,
  type RequestBodyMapping,
  type RequestFields,
} from "@ctx/protocol/mapping";
import { checkSchema } from "./provider.js";
import { responsesRequestDifference } from "./responses-request-difference.js";
import {
  type ResponsesParamsOptions,
  responsesParamsOptionsSchema,
  toResponsesParams,
} from "./to-responses-params.js";

/**
 * How a session's requests are serialised for `client.responses.create`: each body is `fields`
 * (the model, the tools, `max_output_tokens`; a function of the request when they change from turn to
 * turn), then `toResponsesParams(request, options)`, and two bodies are compared with
 * `responsesRequestDifference`. Give it to the session as `requestBody`, so each predicted cache
 * break carries the first differing byte of the body, and send `body(request)` from `callModel`.
 *
 * @throws {AdapterError} coded `invalid-argument` when `fields` is not an object or a function, or
 * `options` does not fit `ResponsesParamsOptions`.
 * @example
 * ```ts
 * const requestBody = responsesRequestBody({ model: "gpt-5.1-codex", tools }, { promptCacheKey: id });
 * const session = createSession({ requestBody });
 * // in callModel:
 * fromResponse(await client.responses.create(requestBody.body(request), { signal }));
 * ```
 */
export function responsesRequestBody(
  fields: RequestFields,
  options: ResponsesParamsOptions = {},
): RequestBodyMapping {
  checkSchema("fields", fields, requestFieldsSchema);
  checkSchema("options", options, responsesParamsOptionsSchema);
  return createRequestBodyMapping({
    fields,
    params: (request) => toResponsesParams(request, options),
    difference: responsesRequestDifference,
  });
}
