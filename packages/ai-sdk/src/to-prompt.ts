import {
  AdapterError,
  type ContentItem,
  type InputImageContent,
  type InputTextContent,
  type ModelInput,
  type ResponseItem,
  type ToolOutput,
} from "@ctx/protocol";
import { createMessageMapper } from "@ctx/protocol/mapping";
import type {
  ImagePart,
  ModelMessage,
  SystemModelMessage,
  TextPart,
  ToolCallPart,
  ToolResultPart,
  UserModelMessage,
} from "ai";
import { provider } from "./provider.js";

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
 * @throws {AdapterError} when the request does not fit its schema, has nothing after its
 * opening developer messages, or holds an item the AI SDK cannot carry: a compaction item, an
 * output with no call before it, function call arguments that are not JSON, an image outside a
 * user message or a tool output.
 * @example
 * ```ts
 * const result = await generateText({ model, tools, ...toPrompt(request) });
 * ```
 */
export function toPrompt(request: ModelInput): AiSdkPrompt {
  const { leading, messages, state } = messageMapper.map(request, { toError, path: "" });
  if (messages.length === 0) {
    throw new AdapterError(
      "invalid-argument",
      "the request has nothing after its opening developer messages, and the AI SDK needs at least one message",
      { provider },
    );
  }
  return {
    instructions: [
      { role: "system", content: request.instructions },
      ...leading.flatMap((piece) =>
        piece.kind === "message" && piece.message.role === "system" ? [piece.message] : [],
      ),
    ],
    messages,
    allowSystemInMessages: state?.systemInMessages === true,
  };
}

const toError = (problems: string) =>
  new AdapterError("invalid-argument", `invalid request: ${problems}`, { provider });

/**
 * What one item becomes: a message of its own, a part of the assistant message of a run of
 * model output, or a tool output, which becomes a part of the tool message of its run once the
 * scan has found its tool's name.
 */
type Piece =
  | { readonly kind: "message"; readonly message: UserModelMessage | SystemModelMessage }
  | { readonly kind: "assistant"; readonly parts: readonly (TextPart | ToolCallPart)[] }
  | { readonly kind: "output"; readonly callId: string; readonly output: ToolResultPart["output"] }
  | { readonly kind: "result"; readonly part: ToolResultPart };

/** What the scan knows of the items before the one it is at. */
interface Scan {
  /** The tool name of each call, by call id (a later call of an id wins). */
  readonly toolNames: Map<string, string>;
  /** Whether a system message came after the opening ones. */
  systemInMessages: boolean;
}

/** Each item converted once (see `createMessageMapper`). */
const messageMapper = createMessageMapper<Piece, ModelMessage, Scan>({
  convert: toPiece,
  leads: (piece) => piece.kind === "message" && piece.message.role === "system",
  runOf: (piece) =>
    piece.kind === "assistant" ? "assistant" : piece.kind === "message" ? undefined : "tool",
  join: toMessage,
  scan: {
    start: () => ({ toolNames: new Map(), systemInMessages: false }),
    step: (piece, scan, index) => {
      if (piece.kind === "message" && piece.message.role === "system") {
        scan.systemInMessages = true;
      }
      if (piece.kind === "assistant") {
        for (const part of piece.parts) {
          if (part.type === "tool-call") scan.toolNames.set(part.toolCallId, part.toolName);
        }
      }
      if (piece.kind !== "output") return piece;
      const toolName = scan.toolNames.get(piece.callId);
      if (toolName === undefined) {
        throw new AdapterError(
          "invalid-argument",
          `input[${index}] is the output of call ${piece.callId}, which no earlier item makes; the AI SDK needs the tool's name`,
          { provider, index },
        );
      }
      const part: ToolResultPart = {
        type: "tool-result",
        toolCallId: piece.callId,
        toolName,
        output: piece.output,
      };
      return { kind: "result", part };
    },
  },
});

function toPiece(item: ResponseItem, index: number): Piece | undefined {
  switch (item.type) {
    case "reasoning":
      return undefined;
    case "message": {
      if (item.role === "user") {
        const content = item.content.map((part) => userPart(part, index));
        return { kind: "message", message: { role: "user", content } };
      }
      if (item.role === "assistant") {
        return {
          kind: "assistant",
          parts: item.content.map((part) => assistantText(part, index)),
        };
      }
      const text = item.content.map((part) => systemText(part, item.role, index)).join("");
      return { kind: "message", message: { role: "system", content: text } };
    }
    case "function_call":
    case "custom_tool_call": {
      const call: ToolCallPart = {
        type: "tool-call",
        toolCallId: item.call_id,
        toolName: item.name,
        input: item.type === "function_call" ? parseArguments(item.arguments, index) : item.input,
      };
      return { kind: "assistant", parts: [call] };
    }
    case "function_call_output":
    case "custom_tool_call_output":
      return { kind: "output", callId: item.call_id, output: toToolResultOutput(item.output) };
    case "compaction":
      throw new AdapterError(
        "invalid-argument",
        `input[${index}] is a compaction item, which only the OpenAI Responses API can read`,
        { provider, index },
      );
  }
}

/** The message of a run: a message of its own as it is, one assistant message, or one tool message. */
function toMessage(run: readonly Piece[]): ModelMessage {
  const [first] = run;
  if (first?.kind === "message") return first.message;
  if (first?.kind === "assistant") {
    return {
      role: "assistant",
      content: run.flatMap((piece) => (piece.kind === "assistant" ? piece.parts : [])),
    };
  }
  return {
    role: "tool",
    content: run.flatMap((piece) => (piece.kind === "result" ? [piece.part] : [])),
  };
}

function userPart(part: ContentItem, index: number): TextPart | ImagePart {
  if (part.type === "input_image") return toImagePart(part, index);
  if (part.type === "output_text") {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is a user message with output_text content, which only an assistant message may carry`,
      { provider, index },
    );
  }
  return { type: "text", text: part.text };
}

function assistantText(part: ContentItem, index: number): TextPart {
  if (part.type === "input_image") {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is an assistant message with an image, which a model cannot be given`,
      { provider, index },
    );
  }
  return { type: "text", text: part.text };
}

function systemText(part: ContentItem, role: string, index: number): string {
  if (part.type === "input_image") {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is a ${role} message with an image; an AI SDK system message holds text only`,
      { provider, index },
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
      throw new AdapterError(
        "invalid-argument",
        `input[${index}] has an image whose URL cannot be parsed`,
        { provider, index },
      );
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
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is a function call whose arguments are not JSON`,
      { provider, index, cause: error },
    );
  }
}
