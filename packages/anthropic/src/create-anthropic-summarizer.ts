import type { Anthropic } from "@anthropic-ai/sdk";
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages/messages";
import { ContextWindowError, parseWithSchema, type Summarizer } from "@ctx/protocol";
import { z } from "zod";
import { AnthropicAdapterError } from "./anthropic-adapter-error.js";
import {
  type MessagesParamsOptions,
  messagesParamsOptionsSchema,
  toMessagesParams,
} from "./to-messages-params.js";

/** Options of {@link createAnthropicSummarizer}. */
export interface AnthropicSummarizerOptions extends MessagesParamsOptions {
  /** The client to call; only its `messages` resource is used. */
  readonly client: Pick<Anthropic, "messages">;
  /** The model that writes the summary. */
  readonly model: string;
  /** The most tokens the summary may take; 8,192 when omitted. */
  readonly maxTokens?: number;
  /** Further request fields (thinking, metadata, …), sent unchanged. */
  readonly parameters?: Omit<
    MessageCreateParamsNonStreaming,
    "model" | "max_tokens" | "system" | "messages" | "stream"
  >;
}

const optionsSchema = messagesParamsOptionsSchema.extend({
  client: z.looseObject({
    messages: z.looseObject({ create: z.custom((value) => typeof value === "function") }),
  }),
  model: z.string().min(1),
  maxTokens: z.number().int().positive().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The client's error when the API says the prompt does not fit the context window: a 400
 * `invalid_request_error` whose message says the prompt is too long, or that the input and
 * `max_tokens` together exceed the context limit (the body is the SDK error's `error`).
 */
const contextWindowErrorSchema = z.looseObject({
  status: z.literal(400),
  error: z.looseObject({
    error: z.looseObject({
      type: z.literal("invalid_request_error"),
      message: z
        .string()
        .regex(/^(prompt is too long|input length and `max_tokens` exceed context limit)\b/i),
    }),
  }),
});

/**
 * A `@ctx/session` {@link Summarizer} on `@anthropic-ai/sdk`: one Messages API request without
 * streaming, aborted when the session's `signal` is, resolving to the text blocks of the answer
 * joined.
 *
 * @throws {AnthropicAdapterError} when the options do not fit their schema; the summarizer it
 * returns rejects with one when the request cannot be mapped, with a `ContextWindowError` (the
 * client's error as its `cause`) when the API answers that the prompt is too long, so the session
 * leaves the oldest item out and asks again, and with the client's own error when the call fails
 * otherwise or is aborted.
 * @example
 * ```ts
 * const summarizer = createAnthropicSummarizer({ client: new Anthropic(), model: "claude-haiku-4-5" });
 * ```
 */
export function createAnthropicSummarizer(options: AnthropicSummarizerOptions): Summarizer {
  parseWithSchema(
    optionsSchema,
    options,
    (problems) => new AnthropicAdapterError(`invalid summarizer options: ${problems}`),
  );
  const { client, model, maxTokens = 8192, parameters, ...mapping } = options;
  return async (request, { signal }) => {
    const params = toMessagesParams(request, mapping);
    try {
      const message = await client.messages.create(
        { ...parameters, model, max_tokens: maxTokens, ...params, stream: false },
        { signal },
      );
      return message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
    } catch (error) {
      if (!contextWindowErrorSchema.safeParse(error).success) throw error;
      throw new ContextWindowError(
        `the summary request does not fit the context window of ${model}`,
        {
          cause: error,
        },
      );
    }
  };
}
