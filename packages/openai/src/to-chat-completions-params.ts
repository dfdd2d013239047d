import {
  AdapterError,
  type ContentItem,
  type ModelInput,
  type ResponseItem,
  type ToolOutput,
} from "@ctx/protocol";
import { lazySchema, parseWithSchema } from "@ctx/protocol/internal";
import { createMessageMapper } from "@ctx/protocol/mapping";
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionContentPartText,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
} from "openai/resources/chat/completions";
import { z } from "zod";
import { provider } from "./provider.js";

/** Options of {@link toChatCompletionsParams}. */
export interface ChatCompletionsParamsOptions {
  /**
   * The role that carries the base instructions and developer messages: `"developer"` (the
   * default, what OpenAI's current models expect) or `"system"`, for servers that predate it.
   */
  readonly developerRole?: "developer" | "system";
  /** The `prompt_cache_key` to send; keep it the same for every request of a session. */
  readonly promptCacheKey?: string;
}

/** The part of a Chat Completions request that a model request decides. */
export interface ChatCompletionsParams {
  messages: ChatCompletionMessageParam[];
  prompt_cache_key?: string;
}

const optionsArgumentSchema = lazySchema(() =>
  z.object({
    options: z.strictObject({
      developerRole: z.enum(["developer", "system"]).optional(),
      promptCacheKey: z.string().min(1).optional(),
    }),
  }),
);

const toError = (problems: string) => new AdapterError("invalid-argument", problems, { provider });

/**
 * What one item becomes: part of the assistant message of a run of model output (its text, or a
 * tool call), or a message of its own.
 */
type Piece =
  | { readonly kind: "text"; readonly parts: readonly ChatCompletionContentPartText[] }
  | { readonly kind: "call"; readonly call: ChatCompletionMessageToolCall }
  | { readonly kind: "message"; readonly message: ChatCompletionMessageParam };

/** For each role of developer text, each item converted once. */
const messageMappers = {
  developer: messageMapper("developer"),
  system: messageMapper("system"),
};

function messageMapper(developerRole: "developer" | "system") {
  return createMessageMapper<Piece, ChatCompletionMessageParam>({
    convert: (item, index) => toPiece(item, index, developerRole),
    runOf: (piece) => (piece.kind === "message" ? undefined : "assistant"),
    join: toAssistantMessage,
  });
}

/**
 * Maps a model request to Chat Completions `messages` (and `prompt_cache_key`): the base
 * instructions first, then one message per item, except that an assistant message and the tool
 * calls right after it become one assistant message with `tool_calls`, as the API expects.
 * Reasoning items are left out: Chat Completions has no place for them, and the model does not
 * need its past reasoning to go on.
 *
 * @throws {AdapterError} when the request or the options do not fit their schemas, or an
 * item cannot be sent: a compaction item (opaque to this API), an image outside a user message,
 * an image given by file id.
 * @example
 * ```ts
 * const completion = await client.chat.completions.create({
 *   model: "gpt-5.1",
 *   ...toChatCompletionsParams(request),
 * });
 * ```
 */
export function toChatCompletionsParams(
  request: ModelInput,
  options: ChatCompletionsParamsOptions = {},
): ChatCompletionsParams {
  parseWithSchema(optionsArgumentSchema, { options }, toError);
  const { developerRole = "developer", promptCacheKey } = options;
  const { messages } = messageMappers[developerRole].map(request, {
    toError,
    path: "request",
    before: (checked): ChatCompletionMessageParam[] => [
      { role: developerRole, content: [{ type: "text", text: checked.instructions }] },
    ],
  });
  const params: ChatCompletionsParams = { messages };
  if (promptCacheKey !== undefined) params.prompt_cache_key = promptCacheKey;
  return params;
}

function toPiece(
  item: ResponseItem,
  index: number,
  developerRole: "developer" | "system",
): Piece | undefined {
  switch (item.type) {
    case "reasoning":
      return undefined;
    case "function_call":
    case "custom_tool_call":
      return { kind: "call", call: toToolCall(item) };
    case "message":
      if (item.role === "assistant") {
        return { kind: "text", parts: item.content.map((part) => textPart(part, item, index)) };
      }
      return { kind: "message", message: toMessage(item, index, developerRole) };
    default:
      return { kind: "message", message: toMessage(item, index, developerRole) };
  }
}

/**
 * The message of a run: a message of its own as it is, or one assistant message with the texts
 * and then the tool calls of the run, its fields in the order they first came.
 */
function toAssistantMessage(run: readonly Piece[]): ChatCompletionMessageParam {
  const [first] = run;
  if (first?.kind === "message") return first.message;
  const message: ChatCompletionAssistantMessageParam = { role: "assistant" };
  const content: ChatCompletionContentPartText[] = [];
  const toolCalls: ChatCompletionMessageToolCall[] = [];
  for (const piece of run) {
    if (piece.kind === "text") {
      message.content ??= content;
      content.push(...piece.parts);
    } else if (piece.kind === "call") {
      message.tool_calls ??= toolCalls;
      toolCalls.push(piece.call);
    }
  }
  return message;
}

function toToolCall(
  item: Extract<ResponseItem, { type: "function_call" | "custom_tool_call" }>,
): ChatCompletionMessageToolCall {
  return item.type === "function_call"
    ? {
        id: item.call_id,
        type: "function",
        function: { name: item.name, arguments: item.arguments },
      }
    : { id: item.call_id, type: "custom", custom: { name: item.name, input: item.input } };
}

function toMessage(
  item: Exclude<ResponseItem, { type: "reasoning" | "function_call" | "custom_tool_call" }>,
  index: number,
  developerRole: "developer" | "system",
): ChatCompletionMessageParam {
  switch (item.type) {
    case "message": {
      if (item.role === "user") {
        return { role: "user", content: item.content.map((part) => userPart(part, index)) };
      }
      const role = item.role === "system" ? "system" : developerRole;
      return { role, content: item.content.map((part) => textPart(part, item, index)) };
    }
    case "function_call_output":
    case "custom_tool_call_output":
      return { role: "tool", tool_call_id: item.call_id, content: toolContent(item.output, index) };
    case "compaction":
      throw new AdapterError(
        "invalid-argument",
        `input[${index}] is a compaction item, which only the Responses API can read`,
        { provider, index },
      );
  }
}

function userPart(part: ContentItem, index: number): ChatCompletionContentPart {
  if (part.type !== "input_image") return { type: "text", text: part.text };
  if (part.image_url === undefined) {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] has an image given by file id, which Chat Completions cannot reference`,
      { provider, index },
    );
  }
  return {
    type: "image_url",
    image_url:
      part.detail === undefined
        ? { url: part.image_url }
        : { url: part.image_url, detail: part.detail },
  };
}

function textPart(
  part: ContentItem,
  item: { readonly role: string },
  index: number,
): ChatCompletionContentPartText {
  if (part.type === "input_image") {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is a ${item.role} message with an image; Chat Completions takes images only from the user`,
      { provider, index },
    );
  }
  return { type: "text", text: part.text };
}

function toolContent(output: ToolOutput, index: number): string | ChatCompletionContentPartText[] {
  if (typeof output === "string") return output;
  return output.map((part) => {
    if (part.type === "input_image") {
      throw new AdapterError(
        "invalid-argument",
        `input[${index}] is a tool output with an image, which a Chat Completions tool message cannot carry`,
        { provider, index },
      );
    }
    return { type: "text", text: part.text };
  });
}
