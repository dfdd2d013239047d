import {
  type ContentItem,
  type InputImageContent,
  type InputTextContent,
  type ModelInput,
  modelInputSchema,
  parseWithSchema,
  type ToolOutput,
} from "@ctx/protocol";
import type {
  ImagePart,
  ModelMessage,
  SystemModelMessage,
  TextPart,
  ToolCallPart,
  ToolResultPart,
} from "ai";
import { AiSdkAdapterError } from "./ai-sdk-adapter-error.js";

/** The prompt fields of `generateText` and `streamText` that a model request decides. */
export interface AiSdkPrompt {
  /** The base instructions, then the developer messages that open the input. */
  instructions: SystemModelMessage[];
  /** The rest of the input, in order. */
  messages: ModelMessage[];
  /** `true` when `messages` holds a system message (a later developer message). */
  allowSystemInMessages: boolean;
}

type ToolOutputPart = Extract<ToolResultPart["output"], { type: "content" }>["value"][number];

/**
 * Maps a model request to the prompt fields of the AI SDK's `generateText` and `streamText`.
 *
 * The base instructions and the developer messages that open the input (the context a session
 * sends first, the same for the whole session) become `instructions`, one system message each.
 * A developer message later in the input (a settings change) stays at its position in
 * `messages` as a system message, so everything before it is sent unchanged; the prompt then
 * sets `allowSystemInMessages`, which the AI SDK asks for. Its OpenAI provider sends such
 * messages as developer messages where they stand.
 *
 * User and assistant messages keep their parts; an assistant's text and the tool calls after it
 * form one assistant message, and the outputs after them one tool message. Function call
 * arguments are parsed into the call's `input`; a custom (free-form) tool's `input` is its text.
 * An image's `detail` travels as the OpenAI provider's `imageDetail` option, and an image given by
 * file id as an OpenAI provider reference. Reasoning items are left out: their encrypted form
 * belongs to one provider's API.
 *
 * @throws {AiSdkAdapterError} when the request does not fit its schema, has nothing after its
 * opening developer messages, or holds an item the AI SDK cannot carry: a compaction item, an
 * output with no call before it, function call arguments that are not JSON, an image outside a
 * user message or a tool output.
 * @example
 * ```ts
 * const result = await generateText({ model, tools, ...toPrompt(request) });
 * ```
 */
export function toPrompt(request: ModelInput): AiSdkPrompt {
  parseWithSchema(
    modelInputSchema,
    request,
    (problems) => new AiSdkAdapterError(`invalid request: ${problems}`),
  );
  const { instructions, input } = request;
  const prompt: AiSdkPrompt = {
    instructions: [{ role: "system", content: instructions }],
    messages: [],
    allowSystemInMessages: false,
  };
  const { messages } = prompt;
  const toolNames = new Map<string, string>();
  input.forEach((item, index) => {
    if (item.type === "reasoning") return;
    const last = messages.at(-1);
    switch (item.type) {
      case "message": {
        if (item.role === "user") {
          messages.push({
            role: "user",
            content: item.content.map((part) => userPart(part, index)),
          });
        } else if (item.role === "assistant") {
          const parts = item.content.map((part) => assistantText(part, index));
          if (last?.role === "assistant" && Array.isArray(last.content))
            last.content.push(...parts);
          else messages.push({ role: "assistant", content: parts });
        } else {
          const text = item.content.map((part) => systemText(part, item.role, index)).join("");
          if (messages.length === 0) prompt.instructions.push({ role: "system", content: text });
          else messages.push({ role: "system", content: text });
        }
        return;
      }
      case "function_call":
      case "custom_tool_call": {
        toolNames.set(item.call_id, item.name);
        const call: ToolCallPart = {
          type: "tool-call",
          toolCallId: item.call_id,
          toolName: item.name,
          input: item.type === "function_call" ? parseArguments(item.arguments, index) : item.input,
        };
        if (last?.role === "assistant" && Array.isArray(last.content)) last.content.push(call);
        else messages.push({ role: "assistant", content: [call] });
        return;
      }
      case "function_call_output":
      case "custom_tool_call_output": {
        const toolName = toolNames.get(item.call_id);
        if (toolName === undefined) {
          throw new AiSdkAdapterError(
            `input[${index}] is the output of call ${item.call_id}, which no earlier item makes; the AI SDK needs the tool's name`,
            index,
          );
        }
        const result: ToolResultPart = {
          type: "tool-result",
          toolCallId: item.call_id,
          toolName,
          output: toToolResultOutput(item.output),
        };
        if (last?.role === "tool") last.content.push(result);
        else messages.push({ role: "tool", content: [result] });
        return;
      }
      case "compaction":
        throw new AiSdkAdapterError(
          `input[${index}] is a compaction item, which only the OpenAI Responses API can read`,
          index,
        );
    }
  });
  if (messages.length === 0) {
    throw new AiSdkAdapterError(
      "the request has nothing after its opening developer messages, and the AI SDK needs at least one message",
    );
  }
  prompt.allowSystemInMessages = messages.some((message) => message.role === "system");
  return prompt;
}

function userPart(part: ContentItem, index: number): TextPart | ImagePart {
  if (part.type === "input_image") return toImagePart(part, index);
  if (part.type === "output_text") {
    throw new AiSdkAdapterError(
      `input[${index}] is a user message with output_text content, which only an assistant message may carry`,
      index,
    );
  }
  return { type: "text", text: part.text };
}

function assistantText(part: ContentItem, index: number): TextPart {
  if (part.type === "input_image") {
    throw new AiSdkAdapterError(
      `input[${index}] is an assistant message with an image, which a model cannot be given`,
      index,
    );
  }
  return { type: "text", text: part.text };
}

function systemText(part: ContentItem, role: string, index: number): string {
  if (part.type === "input_image") {
    throw new AiSdkAdapterError(
      `input[${index}] is a ${role} message with an image; an AI SDK system message holds text only`,
      index,
    );
  }
  return part.text;
}

const dataUrlPattern = /^data:([^;,]+);base64,(.*)$/s;

function toImagePart(image: InputImageContent, index: number): ImagePart {
  const part: ImagePart = { type: "image", image: "" };
  const data = image.image_url === undefined ? null : dataUrlPattern.exec(image.image_url);
  if (data !== null) {
    part.image = data[2] ?? "";
    if (data[1] !== undefined) part.mediaType = data[1];
  } else if (image.image_url !== undefined) {
    if (!URL.canParse(image.image_url)) {
      throw new AiSdkAdapterError(`input[${index}] has an image whose URL cannot be parsed`, index);
    }
    part.image = new URL(image.image_url);
  } else if (image.file_id !== undefined) {
    part.image = { openai: image.file_id };
  }
  if (image.detail !== undefined) part.providerOptions = { openai: { imageDetail: image.detail } };
  return part;
}

function toToolResultOutput(output: ToolOutput): ToolResultPart["output"] {
  if (typeof output === "string") return { type: "text", value: output };
  return { type: "content", value: output.map(toOutputPart) };
}

function toOutputPart(part: InputTextContent | InputImageContent): ToolOutputPart {
  if (part.type === "input_text") return { type: "text", text: part.text };
  const data = part.image_url === undefined ? null : dataUrlPattern.exec(part.image_url);
  if (data !== null) return { type: "image-data", data: data[2] ?? "", mediaType: data[1] ?? "" };
  if (part.image_url !== undefined) return { type: "image-url", url: part.image_url };
  return { type: "image-file-id", fileId: part.file_id ?? "" };
}

function parseArguments(text: string, index: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AiSdkAdapterError(
      `input[${index}] is a function call whose arguments are not JSON`,
      index,
      { cause: error },
    );
  }
}
