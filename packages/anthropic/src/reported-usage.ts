import type { Message } from "@anthropic-ai/sdk/resources/messages/messages";
import type { ReportedUsage } from "@ctx/protocol";
import { parseWithSchema } from "@ctx/protocol";
import { z } from "zod";
import { AnthropicAdapterError } from "./anthropic-adapter-error.js";

const tokens = z.number().int().min(0);

const messageSchema = z.looseObject({
  usage: z.looseObject({
    input_tokens: tokens,
    output_tokens: tokens,
    cache_creation_input_tokens: tokens.nullish(),
    cache_read_input_tokens: tokens.nullish(),
  }),
});

/**
 * The usage the Messages API reported for one `Message` (of a stream, `finalMessage()`), as
 * `session.reportUsage` takes it. The API's `input_tokens` leaves out the input written to or
 * read from the prompt cache, so the total is `input_tokens + cache_creation_input_tokens +
 * cache_read_input_tokens + output_tokens`: the request's whole input and the answer. A message
 * always carries its usage.
 *
 * @throws {AnthropicAdapterError} naming `message` when it is not an object, or its `usage`
 * lacks whole `input_tokens` and `output_tokens` ≥ 0 or has a cache count that is not one.
 * @example
 * ```ts
 * await session.reportUsage(reportedUsage(message));
 * ```
 */
export function reportedUsage(message: Pick<Message, "usage">): ReportedUsage {
  const { usage } = parseWithSchema(
    messageSchema,
    message,
    (problems) => new AnthropicAdapterError(`invalid message: ${problems}`),
  );
  return {
    totalTokens:
      usage.input_tokens +
      (usage.cache_creation_input_tokens ?? 0) +
      (usage.cache_read_input_tokens ?? 0) +
      usage.output_tokens,
  };
}
