import {
  type ContentItem,
  type ModelInput,
  modelInputSchema,
  parseWithSchema,
  type ResponseItem,
  type ToolOutput,
} from "@ctx/protocol";
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionContentPartText,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
} from "openai/resources/chat/completions";
import { z } from "zod";
import { OpenAIAdapterError } from "./openai-adapter-error.js";

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

const argumentsSchema = z.object({
  request: modelInputSchema,
  options: z.strictObject({
    developerRole: z.enum(["developer", "system"]).optional(),
    promptCacheKey: z.string().min(1).optional(),
  }),
});

/**
 * Maps a model request to Chat Completions `messages` (and `prompt_cache_key`): the base
 * instructions first, then one message per item, except that an assistant message and the tool
 * calls right after it become one assistant message with `tool_calls`, as the API expects.
 * Reasoning items are left out: Chat Completions has no place for them, and the model does not
 * need its past reasoning to go on.
 *
 * @throws {OpenAIAdapterError} when the request or the options do not fit their schemas, or an
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
  parseWithSchema(argumentsSchema, { request, options }, (text) => new OpenAIAdapterError(text));
  const { instructions, input } = request;
  const { developerRole = "developer", promptCacheKey } = options;
  const messages: ChatCompletionMessageParam[] = [
    { role: developerRole, content: [{ type: "text", text: instructions }] },
  ];
  // The assistant message that tool calls attach to, while the run of model output lasts.
  let assistant: ChatCompletionAssistantMessageParam | undefined;
  const assistantMessage = (): ChatCompletionAssistantMessageParam => {
    if (assistant === undefined) {
      assistant = { role: "assistant" };
      messages.push(assistant);
    }
    return assistant;
  };
  input.forEach((item, index) => {
    if (item.type === "reasoning") return;
    if (item.type === "message" && item.role === "assistant") {
      const message = assistantMessage();
      const text = item.content.map((part) => textPart(part, item, index));
      message.content = [...(Array.isArray(message.content) ? message.content : []), ...text];
      return;
    }
    if (item.type === "function_call" || item.type === "custom_tool_call") {
      const message = assistantMessage();
      message.tool_calls = [...(message.tool_calls ?? []), toToolCall(item)];
      return;
    }
    assistant = undefined;
    messages.push(toMessage(item, index, developerRole));
  });
  const params: ChatCompletionsParams = { messages };
  if (promptCacheKey !== undefined) params.prompt_cache_key = promptCacheKey;
  return params;
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
      throw new OpenAIAdapterError(
        `input[${index}] is a compaction item, which only the Responses API can read`,
        index,
      );
  }
}

function userPart(part: ContentItem, index: number): ChatCompletionContentPart {
  if (part.type !== "input_image") return { type: "text", text: part.text };
  if (part.image_url === undefined) {
    throw new OpenAIAdapterError(
      `input[${index}] has an image given by file id, which Chat Completions cannot reference`,
      index,
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
    throw new OpenAIAdapterError(
      `input[${index}] is a ${item.role} message with an image; Chat Completions takes images only from the user`,
      index,
    );
  }
  return { type: "text", text: part.text };
}

function toolContent(output: ToolOutput, index: number): string | ChatCompletionContentPartText[] {
  if (typeof output === "string") return output;
  return output.map((part) => {
    if (part.type === "input_image") {
      throw new OpenAIAdapterError(
        `input[${index}] is a tool output with an image, which a Chat Completions tool message cannot carry`,
        index,
      );
    }
    return { type: "text", text: part.text };
  });
}
