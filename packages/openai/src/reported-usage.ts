import type { ReportedUsage } from "@ctx/protocol";
import { parseWithSchema } from "@ctx/protocol";
import type { ChatCompletion } from "openai/resources/chat/completions";
import type { Response } from "openai/resources/responses/responses";
import { z } from "zod";
import { OpenAIAdapterError } from "./openai-adapter-error.js";

/** Both APIs report `usage.total_tokens`; a response still in progress carries `null`. */
const responseSchema = z.looseObject({
  usage: z.looseObject({ total_tokens: z.number().int().min(0) }).nullish(),
});

/**
 * The usage the API reported for one response, as `session.reportUsage` takes it: a Responses
 * API `Response` (of a stream, the `response.completed` event's `response`) or a Chat
 * Completions `ChatCompletion`, whose `usage.total_tokens` counts the request's input and the
 * answer. `undefined` when the response carries no usage (a response
 * still in progress, or a completion that was not asked for it).
 *
 * @throws {OpenAIAdapterError} naming `response` when it is not an object, or its `usage` has no
 * whole `total_tokens` ≥ 0.
 * @example
 * ```ts
 * const usage = reportedUsage(response);
 * if (usage !== undefined) await session.reportUsage(usage);
 * ```
 */
export function reportedUsage(
  response: Pick<Response, "usage"> | Pick<ChatCompletion, "usage">,
): ReportedUsage | undefined {
  const { usage } = parseWithSchema(
    responseSchema,
    response,
    (problems) => new OpenAIAdapterError(`invalid response: ${problems}`),
  );
  return usage ? { totalTokens: usage.total_tokens } : undefined;
}
