import {
  AdapterError,
  type InputImageContent,
  type InputTextContent,
  type MessageItem,
  type ResponseItem,
  type ToolOutput,
} from "@ctx/protocol";
import { lazySchema, repeatedCallId } from "@ctx/protocol/internal";
import { checkAnswer } from "@ctx/protocol/mapping";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { provider } from "./provider.js";

const partSchema = lazySchema(() => z.looseObject({ type: z.string() }));
const textSchema = lazySchema(() => z.looseObject({ type: z.literal("text"), text: z.string() }));
const reasoningSchema = lazySchema(() =>
  z.looseObject({ type: z.literal("reasoning"), text: z.string() }),
);
const toolCallSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("tool-call"),
    toolCallId: z.string().min(1),
    toolName: z.string().min(1),
    input: z.unknown(),
  }),
);
const toolResultSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("tool-result"),
    toolCallId: z.string().min(1),
    output: z.looseObject({ type: z.string(), value: z.unknown().optional() }),
  }),
);
const messageSchema = lazySchema(() =>
  z.looseObject({
    role: z.enum(["assistant", "tool"]),
    content: z.union([z.string(), z.array(z.unknown())]),
  }),
);

/**
 * Maps the AI SDK's response messages (`response.messages` of `generateText` or `streamText`) to
 * the items the session records, in order: consecutive text parts of an assistant message form
 * one assistant message, a reasoning part a reasoning item (its text as `content`), a tool call a
 * function call (its input as JSON arguments), and a tool result the function call's output.
 * A part of another type (a file, an approval request) is left out with an
 * `unknown-message-part` warning in `warnings`.
 *
 * @throws {AdapterError} coded `invalid-answer`, naming the message, when a message or a
 * part of a known type lacks a field, or two tool calls share an id.
 */
export function toItems(messages: readonly unknown[], warnings: CtxWarning[]): ResponseItem[] {
  const items: ResponseItem[] = [];
  for (const [index, value] of messages.entries()) {
    const where = `response.messages[${index}]`;
    const { content } = checkAnswer(provider, messageSchema, value, where, index);
    const parts = typeof content === "string" ? [{ type: "text", text: content }] : content;
    let message: MessageItem | undefined;
    for (const [position, part] of parts.entries()) {
      const at = `${where}.content[${position}]`;
      const { type } = checkAnswer(provider, partSchema, part, at, index);
      if (type === "text") {
        const { text } = checkAnswer(provider, textSchema, part, at, index);
        if (message === undefined) {
          message = { type: "message", role: "assistant", content: [] };
          items.push(message);
        }
        message.content.push({ type: "output_text", text });
        continue;
      }
      message = undefined;
      if (type === "reasoning") {
        const { text } = checkAnswer(provider, reasoningSchema, part, at, index);
        items.push({ type: "reasoning", summary: [], content: [{ type: "reasoning_text", text }] });
      } else if (type === "tool-call") {
        const call = checkAnswer(provider, toolCallSchema, part, at, index);
        items.push({
          type: "function_call",
          call_id: call.toolCallId,
          name: call.toolName,
          arguments: JSON.stringify(call.input ?? {}),
        });
      } else if (type === "tool-result") {
        const result = checkAnswer(provider, toolResultSchema, part, at, index);
        items.push({
          type: "function_call_output",
          call_id: result.toolCallId,
          output: toToolOutput(result.output, at, warnings),
        });
      } else {
        warnings.push({
          code: "unknown-message-part",
          message: `${at} is a ${type} part, which the session has no type for; it was left out`,
        });
      }
    }
  }
  const repeated = repeatedCallId(items);
  if (repeated !== undefined) {
    throw new AdapterError(
      "invalid-answer",
      `response.messages has two tool calls with the id ${repeated}; nothing of it was kept`,
      { provider },
    );
  }
  return items;
}

/** What a tool returned, as the session keeps a tool's output. */
function toToolOutput(
  output: { readonly type: string; readonly value?: unknown },
  where: string,
  warnings: CtxWarning[],
): ToolOutput {
  const { type, value } = output;
  if (type === "text" || type === "error-text") return typeof value === "string" ? value : "";
  if (type === "json" || type === "error-json") return JSON.stringify(value ?? null);
  if (type === "execution-denied") {
    const reason = Reflect.get(output, "reason");
    return typeof reason === "string"
      ? `The tool call was denied: ${reason}`
      : "The tool call was denied.";
  }
  if (type === "content" && Array.isArray(value)) {
    return value.flatMap((part, position): (InputTextContent | InputImageContent)[] => {
      const content = toContentPart(part);
      if (content === undefined) {
        warnings.push({
          code: "unknown-message-part",
          message: `${where}.output.value[${position}] is a part the session cannot keep; it was left out`,
        });
        return [];
      }
      return [content];
    });
  }
  warnings.push({
    code: "unknown-message-part",
    message: `${where}.output is of type ${type}, which the session cannot keep; it was recorded as its JSON`,
  });
  return JSON.stringify(output);
}

function toContentPart(part: unknown): InputTextContent | InputImageContent | undefined {
  if (typeof part !== "object" || part === null) return undefined;
  const field = (name: string): unknown => Reflect.get(part, name);
  const text = field("text");
  const data = field("data");
  const mediaType = field("mediaType");
  switch (field("type")) {
    case "text":
      return typeof text === "string" ? { type: "input_text", text } : undefined;
    case "image-data":
      return typeof data === "string" && typeof mediaType === "string"
        ? { type: "input_image", image_url: `data:${mediaType};base64,${data}` }
        : undefined;
    case "image-url": {
      const url = field("url");
      return typeof url === "string" ? { type: "input_image", image_url: url } : undefined;
    }
    case "image-file-id": {
      const fileId = field("fileId");
      return typeof fileId === "string" ? { type: "input_image", file_id: fileId } : undefined;
    }
    default:
      return undefined;
  }
}
