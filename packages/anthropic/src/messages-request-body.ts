import { requestFieldsSchema } from "@ctx/protocol/internal";
import {
  createRequestBodyMapping,
  type RequestBodyMapping,
  type RequestFields,
} from "@ctx/protocol/mapping";
import { messagesRequestDifference } from "./messages-request-difference.js";
import { checkSchema } from "./provider.js";
import {
  type MessagesParamsOptions,
  messagesParamsOptionsSchema,
  toMessagesParams,
} from "./to-messages-params.js";

/**
 * How a session's requests are serialised for `client.messages.create`: each body is `fields`
 * (the model, `max_tokens`, the tools; a function of the request when they change from turn to
 * turn), then `toMessagesParams(request, options)`, and two bodies are compared with
 * `messagesRequestDifference`. Give it to the session as `requestBody`, so each predicted cache
 * break carries the first differing byte of the body, and send `body(request)` from `callModel`.
 *
 * @throws {AdapterError} coded `invalid-argument` when `fields` is not an object or a function, or
 * `options` does not fit `MessagesParamsOptions`.
 * @example
 * ```ts
 * const requestBody = messagesRequestBody({ model: "claude-sonnet-4-5", max_tokens: 4096, tools });
 * const session = createSession({ requestBody });
 * // in callModel:
 * fromMessage(await client.messages.create(requestBody.body(request), { signal }));
 * ```
 */
export function messagesRequestBody(
  fields: RequestFields,
  options: MessagesParamsOptions = {},
): RequestBodyMapping {
  checkSchema("fields", fields, requestFieldsSchema);
  checkSchema("options", options, messagesParamsOptionsSchema);
  return createRequestBodyMapping({
    fields,
    params: (request) => toMessagesParams(request, options),
    difference: messagesRequestDifference,
  });
}
