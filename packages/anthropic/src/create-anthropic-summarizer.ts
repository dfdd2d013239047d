import type {
  MessageCreateParamsNonStreaming,
  ToolUnion,
} from "@anthropic-ai/sdk/resources/messages/messages";
import { ContextWindowError, type Summarizer, summaryOptionsSchema } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { saysContextWindowExceeded } from "@ctx/protocol/mapping";
import { z } from "zod";
import type { BreakpointPlanner } from "./create-breakpoint-planner.js";
import { checkSchema } from "./provider.js";
import {
  type MessagesParamsOptions,
  messagesParamsOptionsSchema,
  toMessagesParams,
} from "./to-messages-params.js";

/**
 * The one method of the `@anthropic-ai/sdk` client a summarizer calls, `client.messages.create`,
 * by its shape rather than the SDK's class, so a client of any version the adapter supports fits,
 * even one of another copy of the SDK than the adapter's.
 */
export interface AnthropicMessagesClient {
  readonly messages: {
    create(
      body: MessageCreateParamsNonStreaming,
      options: { signal: AbortSignal },
    ): PromiseLike<{ readonly content: readonly AnswerBlock[] }>;
  };
}

/** What the summarizer reads of a content block of the answer: the text of a text block. */
interface AnswerBlock {
  readonly type: string;
  readonly text?: string;
}

/** Options of {@link createAnthropicSummarizer}. */
export interface AnthropicSummarizerOptions extends MessagesParamsOptions {
  /** The client to call: `new Anthropic()` of the user's own SDK; only `messages.create` is used. */
  readonly client: AnthropicMessagesClient;
  /** The model that writes the summary. */
  readonly model: string;
  /** The most tokens the summary may take; 8,192 when omitted. */
  readonly maxTokens?: number;
  /**
   * The tools the session's turns send, exactly as they send them. Anthropic's prompt cache
   * reads tools, then `system`, then the messages, so a summary request without the tools shares
   * no prefix with the turns; with them (and the same `cacheControl`, which puts the breakpoints
   * where the turns put theirs), it reads what the turns wrote. The model is asked for a summary,
   * not a tool call: an answer with no text makes the session write its fallback summary.
   */
  readonly tools?: readonly ToolUnion[];
  /**
   * The conversation's breakpoint planner, when its turns use one: the summary request's
   * breakpoints are then planned as the next request of the conversation (`cacheControl` is not
   * read), so they keep reading what the turns' planned breakpoints wrote.
   */
  readonly planner?: BreakpointPlanner;
  /** Further request fields (thinking, metadata, …), sent unchanged. */
  readonly parameters?: Omit<
    MessageCreateParamsNonStreaming,
    "model" | "max_tokens" | "system" | "messages" | "stream" | "tools"
  >;
}

const optionsSchema = lazySchema(() =>
  messagesParamsOptionsSchema.extend({
    client: z.looseObject({
      messages: z.looseObject({ create: z.custom((value) => typeof value === "function") }),
    }),
    model: z.string().min(1),
    maxTokens: z.number().int().positive().optional(),
    tools: z.array(z.looseObject({ name: z.string() })).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    planner: z.looseObject({ plan: z.custom((value) => typeof value === "function") }).optional(),
  }),
);

/**
 * A `@ctx/session` {@link Summarizer} on `@anthropic-ai/sdk`: one Messages API request without
 * streaming, aborted when the session's `signal` is, resolving to the text blocks of the answer
 * joined. Given the turns' `tools`, the request begins as the turns' requests do (the same tools,
 * the same `system`, the history as sent, with cache breakpoints placed the same way), so it
 * reads the prefix they cached.
 *
 * @throws {AdapterError} when the options do not fit their schema; the summarizer it
 * returns rejects with one when the request cannot be mapped, with a `ContextWindowError` (the
 * client's error as its `cause`) when the API answers that the prompt is too long, so the session
 * leaves the oldest item out and asks again, and with the client's own error when the call fails
 * otherwise or is aborted.
 * @example
 * ```ts
 * const summarizer = createAnthropicSummarizer({
 *   client: new Anthropic(),
 *   model: "claude-sonnet-4-5",
 *   tools,
 * });
 * ```
 */
export function createAnthropicSummarizer(options: AnthropicSummarizerOptions): Summarizer {
  checkSchema("summarizer options", options, optionsSchema);
  const { client, model, maxTokens = 8192, tools, parameters, planner, ...mapping } = options;
  return async (request, summaryOptions) => {
    const { signal } = checkSchema("options", summaryOptions, summaryOptionsSchema);
    const params =
      planner === undefined
        ? toMessagesParams(request, mapping)
        : planner.plan(toMessagesParams(request, { ...mapping, cacheControl: false }));
    try {
      const message = await client.messages.create(
        {
          ...parameters,
          model,
          max_tokens: maxTokens,
          ...(tools === undefined ? {} : { tools: [...tools] }),
          ...params,
          stream: false,
        },
        { signal },
      );
      return message.content
        .map((block) => (block.type === "text" ? (block.text ?? "") : ""))
        .join("");
    } catch (error) {
      // The SDK's error holds the API's body as `error`; a prompt too long is a 400.
      const failure = Object(error);
      const tooLong =
        Reflect.get(failure, "status") === 400 &&
        saysContextWindowExceeded(Reflect.get(failure, "error"));
      if (!tooLong) throw error;
      throw new ContextWindowError(
        "context-window-exceeded",
        `the summary request does not fit the context window of ${model}`,
        {
          cause: error,
        },
      );
    }
  };
}
