import type {
  MessageCreateParamsNonStreaming,
  ToolUnion,
} from "@anthropic-ai/sdk/resources/messages/messages";
import {
  AdapterError,
  ContextWindowError,
  type Summarizer,
  type SummaryRequest,
  summaryOptionsSchema,
} from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { saysContextWindowExceeded } from "@ctx/protocol/mapping";
import {
  compactionAnswerJsonSchema,
  readCompactionAnswer,
  type StateSummarizer,
  type SummaryAnswer,
} from "@ctx/registry";
import { z } from "zod";
import type { BreakpointPlanner } from "./create-breakpoint-planner.js";
import { checkSchema, provider } from "./provider.js";
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

/**
 * What the summarizer reads of a content block of the answer: the text of a text block, the name
 * and input of a tool call.
 */
interface AnswerBlock {
  readonly type: string;
  readonly text?: string;
  readonly name?: string;
  readonly input?: unknown;
}

/** The tool a typed summary asks the model to call with the summary and the state. */
const answerTool = "compaction_answer";

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
   * Ask the model for the typed compaction state beside the summary: the request adds a tool,
   * `compaction_answer`, whose input schema is `compactionAnswerJsonSchema()`, and makes the
   * model call it (`tool_choice`; left to the model when `parameters.thinking` is on, which a
   * forced tool choice does not allow), and the summarizer answers `{ text, state }`. Off by
   * default: a changed tool list invalidates Anthropic's whole cached prefix, so the summary
   * request no longer reads what the turns cached.
   */
  readonly typedState?: boolean;
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
    typedState: z.boolean().optional(),
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
 * With `typedState`, the model answers through the `compaction_answer` tool: a state that fails
 * `compactionStateSchema` is left out, the summary kept (the session fills a state itself and
 * says why in a warning), as is the state of an answer in text alone; an answer with neither (a
 * refusal) makes the session write its fallback summary.
 *
 * @throws {AdapterError} when the options do not fit their schema; the summarizer it
 * returns rejects with one when the request cannot be mapped or (`invalid-answer`) the tool's
 * input holds no summary, with a `ContextWindowError` (the client's error as its `cause`) when
 * the API answers that the prompt is too long, so the session leaves the oldest item out and asks
 * again, and with the client's own error when the call fails otherwise or is aborted.
 * @example
 * ```ts
 * const summarizer = createAnthropicSummarizer({
 *   client: new Anthropic(),
 *   model: "claude-sonnet-4-5",
 *   tools,
 * });
 * ```
 */
export function createAnthropicSummarizer(
  options: AnthropicSummarizerOptions & { readonly typedState: true },
): StateSummarizer;
export function createAnthropicSummarizer(options: AnthropicSummarizerOptions): Summarizer;
export function createAnthropicSummarizer(
  options: AnthropicSummarizerOptions,
): Summarizer | StateSummarizer {
  checkSchema("summarizer options", options, optionsSchema);
  const {
    client,
    model,
    maxTokens = 8192,
    tools,
    typedState,
    parameters,
    planner,
    ...mapping
  } = options;
  const thinking = parameters?.thinking;
  const asked = typedState === true ? answerRequest(tools, thinking?.type ?? "disabled") : {};
  const ask = async (
    request: SummaryRequest,
    summaryOptions: { readonly signal: AbortSignal },
  ): Promise<readonly AnswerBlock[]> => {
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
          ...asked,
          ...params,
          stream: false,
        },
        { signal },
      );
      return message.content;
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
  if (typedState !== true) {
    return async (request, summaryOptions) => textOf(await ask(request, summaryOptions));
  }
  return async (request, summaryOptions) => readAnswer(await ask(request, summaryOptions));
}

/**
 * The request fields of a typed summary: the turns' tools and `compaction_answer` after them, and
 * a tool choice that makes the model call it, unless thinking (of type `thinking`) is on.
 */
function answerRequest(tools: readonly ToolUnion[] | undefined, thinking: string) {
  const tool = {
    name: answerTool,
    description:
      "Hand back the summary of the conversation and the typed state of what the session must not forget.",
    input_schema: compactionAnswerJsonSchema() as { type: "object" },
  };
  return {
    tools: [...(tools ?? []), tool],
    tool_choice:
      thinking === "disabled"
        ? { type: "tool" as const, name: answerTool }
        : { type: "auto" as const },
  };
}

/** The text blocks of an answer, joined. */
function textOf(blocks: readonly AnswerBlock[]): string {
  return blocks.map((block) => (block.type === "text" ? (block.text ?? "") : "")).join("");
}

/** The summary and state of a typed answer: the `compaction_answer` call's input, or its text. */
function readAnswer(blocks: readonly AnswerBlock[]): SummaryAnswer {
  const call = blocks.find((block) => block.type === "tool_use" && block.name === answerTool);
  if (call === undefined) {
    const text = textOf(blocks);
    return text.trim() === ""
      ? text
      : { text, stateProblem: `the model answered in text without calling ${answerTool}` };
  }
  const answer = readCompactionAnswer(call.input);
  if (answer !== undefined) return answer;
  throw new AdapterError(
    "invalid-answer",
    `the model called ${answerTool} without a summary (its answer may have been cut at max_tokens)`,
    { provider, index: blocks.indexOf(call) },
  );
}
