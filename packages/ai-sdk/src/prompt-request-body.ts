import { requestFieldsSchema } from "@ctx/protocol/internal";
import {
  createRequestBodyMapping,
  type RequestBodyMapping,
  type RequestFields,
} from "@ctx/protocol/mapping";
import { promptDifference } from "./prompt-difference.js";
import { checkSchema } from "./provider.js";
import { toPrompt } from "./to-prompt.js";

/**
 * How a session's requests are serialised for the AI SDK's `generateText` or `streamText`: each
 * body is `fields` (the tools, the provider options: everything passed but the model; a function
 * of the request when they change from turn to turn), then `toPrompt(request)`, and two bodies
 * are compared with `promptDifference`. Give it to the session as `requestBody`, so each
 * predicted cache break carries the first differing byte of the settings, and spread
 * `body(request)` into the call from `callModel`.
 *
 * @throws {AdapterError} coded `invalid-argument` when `fields` is not an object or a function.
 * @example
 * ```ts
 * const requestBody = promptRequestBody({ tools });
 * const session = createSession({ requestBody });
 * // in callModel:
 * fromGenerateText(await generateText({ model, ...requestBody.body(request), abortSignal: signal }));
 * ```
 */
export function promptRequestBody(fields: RequestFields): RequestBodyMapping {
  checkSchema("fields", fields, requestFieldsSchema);
  return createRequestBodyMapping({ fields, params: toPrompt, difference: promptDifference });
}
