import type { Message } from "@anthropic-ai/sdk/resources/messages/messages";
import { AdapterError, type AdapterErrorCode, type ReportedUsage } from "@ctx/protocol";
import { lazySchema, parseWithSchema } from "@ctx/protocol/internal";
import { z } from "zod";
import { provider } from "./provider.js";

const tokens = lazySchema(() => z.number().int().min(0));

const messageSchema = lazySchema(() =>
  z.looseObject({
    usage: z.looseObject({
      input_tokens: tokens,
      output_tokens: tokens,
      cache_creation_input_tokens: tokens.nullish(),
      cache_read_input_tokens: tokens.nullish(),
      output_tokens_details: z.looseObject({ thinking_tokens: tokens.nullish() }).nullish(),
    }),
  }),
);

/**
 * The usage the Messages API reported for one `Message` (of a stream, what
 * `fromMessageStream` returns), in the one shape of every adapter (`ReportedUsage`). The API's
 * `input_tokens` leaves out the input read from or written to the prompt cache, so `inputTokens`
 * is `input_tokens + cache_creation_input_tokens + cache_read_input_tokens`, the request's whole
 * input as OpenAI counts it; `cachedInputTokens` is `cache_read_input_tokens`,
 * `cacheWriteTokens` `cache_creation_input_tokens` (each absent when the API gives `null`),
 * `outputTokens` `output_tokens` (thinking
 * included), `reasoningTokens` `output_tokens_details.thinking_tokens` when reported, and
 * `totalTokens` the input and the output. A message always carries its usage.
 *
 * @throws {AdapterError} naming `message` when it is not an object, or its `usage`
 * lacks whole `input_tokens` and `output_tokens` ≥ 0 or has a count that is not one.
 * @example
 * ```ts
 * await session.reportUsage(reportedUsage(message));
 * ```
 */
export function reportedUsage(message: Pick<Message, "usage">): ReportedUsage {
  return readUsage(message, "message");
}

/**
 * {@link reportedUsage} of any value, for the other mappings of an answer.
 * @throws {AdapterError} naming `what`, with `code`, when the usage does not fit.
 */
export function readUsage(
  message: unknown,
  what: string,
  code: AdapterErrorCode = "invalid-argument",
): ReportedUsage {
  const { usage } = parseWithSchema(
    messageSchema,
    message,
    (problems) => new AdapterError(code, `invalid ${what}: ${problems}`, { provider }),
  );
  const cacheWriteTokens = usage.cache_creation_input_tokens;
  const cachedInputTokens = usage.cache_read_input_tokens;
  const inputTokens = usage.input_tokens + (cacheWriteTokens ?? 0) + (cachedInputTokens ?? 0);
  const reasoningTokens = usage.output_tokens_details?.thinking_tokens;
  return {
    totalTokens: inputTokens + usage.output_tokens,
    inputTokens,
    ...(cachedInputTokens == null ? {} : { cachedInputTokens }),
    ...(cacheWriteTokens == null ? {} : { cacheWriteTokens }),
    outputTokens: usage.output_tokens,
    ...(reasoningTokens == null ? {} : { reasoningTokens }),
  };
}
