import type { ContentBlockParam } from "@anthropic-ai/sdk/resources/messages/messages";
import {
  AdapterError,
  type MessageItem,
  type ReasoningItem,
  type ResponseItem,
} from "@ctx/protocol";
import { lazySchema, repeatedCallId } from "@ctx/protocol/internal";
import { checkAnswer } from "@ctx/protocol/mapping";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { provider } from "./provider.js";

/**
 * What a reasoning item recorded from a Claude answer holds, in its `format` field: a thinking
 * block (its text as `content`, its signature as `encrypted_content`), a redacted one (its data
 * as `encrypted_content`), or a server tool's block (a web search and its result, say) kept
 * whole in `block`. Only this adapter sends them back; the others leave reasoning out.
 */
export type ClaudeReasoningFormat =
  | "anthropic-thinking"
  | "anthropic-redacted-thinking"
  | "anthropic-server-block";

/** A reasoning item that carries a Claude content block back to Claude. */
export type ClaudeReasoningItem = ReasoningItem & {
  readonly format: ClaudeReasoningFormat;
  readonly block?: ContentBlockParam;
};

const textSchema = lazySchema(() => z.looseObject({ type: z.literal("text"), text: z.string() }));
const toolUseSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("tool_use"),
    id: z.string().min(1),
    name: z.string().min(1),
    input: z.record(z.string(), z.unknown()),
  }),
);
const thinkingSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("thinking"),
    thinking: z.string(),
    signature: z.string(),
  }),
);
const redactedSchema = lazySchema(() =>
  z.looseObject({ type: z.literal("redacted_thinking"), data: z.string() }),
);
const blockSchema = lazySchema(() => z.looseObject({ type: z.string() }));

/** Whether a block is a server tool's (run by Anthropic), which goes back whole. */
function isServerBlock(type: string): boolean {
  return type === "server_tool_use" || type === "container_upload" || type.endsWith("_tool_result");
}

/**
 * Maps the content blocks of a Claude answer to the items the session records, in order:
 * consecutive text blocks form one assistant message, a `tool_use` a function call (its input as
 * JSON arguments), thinking and redacted thinking and a server tool's blocks a reasoning item
 * (see {@link ClaudeReasoningFormat}). A block of another type is left out with an
 * `unknown-content-block` warning in `warnings`.
 *
 * @throws {AdapterError} coded `invalid-answer`, naming `where`, when a block of a known
 * type lacks a field (a tool use whose input is not an object, say), or two tool uses share an id.
 */
export function toItems(
  blocks: readonly unknown[],
  where: string,
  warnings: CtxWarning[],
): ResponseItem[] {
  const items: ResponseItem[] = [];
  let message: MessageItem | undefined;
  for (const [index, value] of blocks.entries()) {
    const at = `${where}[${index}]`;
    const { type } = checkAnswer(provider, blockSchema, value, at, index);
    if (type === "text") {
      const { text } = checkAnswer(provider, textSchema, value, at, index);
      if (message === undefined) {
        message = { type: "message", role: "assistant", content: [] };
        items.push(message);
      }
      message.content.push({ type: "output_text", text });
      continue;
    }
    message = undefined;
    if (type === "tool_use") {
      const call = checkAnswer(provider, toolUseSchema, value, at, index);
      items.push({
        type: "function_call",
        call_id: call.id,
        name: call.name,
        arguments: JSON.stringify(call.input),
      });
    } else if (type === "thinking") {
      const thinking = checkAnswer(provider, thinkingSchema, value, at, index);
      items.push(
        reasoning("anthropic-thinking", {
          content: [{ type: "reasoning_text", text: thinking.thinking }],
          encrypted_content: thinking.signature,
        }),
      );
    } else if (type === "redacted_thinking") {
      const redacted = checkAnswer(provider, redactedSchema, value, at, index);
      items.push(reasoning("anthropic-redacted-thinking", { encrypted_content: redacted.data }));
    } else if (isServerBlock(type)) {
      // The block goes back as it came; a copy keeps the caller's answer object untouched.
      const block = JSON.parse(JSON.stringify(value)) as ContentBlockParam;
      items.push(reasoning("anthropic-server-block", { block }));
    } else {
      warnings.push({
        code: "unknown-content-block",
        message: `${at} is a ${type} block, which the session has no type for; it was left out`,
      });
    }
  }
  const repeated = repeatedCallId(items);
  if (repeated !== undefined) {
    throw new AdapterError(
      "invalid-answer",
      `${where} has two tool_use blocks with the id ${repeated}; nothing of it was kept`,
      { provider },
    );
  }
  return items;
}

function reasoning(
  format: ClaudeReasoningFormat,
  fields: Partial<Pick<ClaudeReasoningItem, "content" | "encrypted_content" | "block">>,
): ClaudeReasoningItem {
  return { type: "reasoning", summary: [], format, ...fields };
}

/**
 * The Claude content block a reasoning item carries back, or `undefined` for reasoning of
 * another provider's.
 */
export function claudeBlockOf(item: ReasoningItem): ContentBlockParam | undefined {
  const format: unknown = Reflect.get(item, "format");
  if (format === "anthropic-thinking") {
    return {
      type: "thinking",
      thinking: (item.content ?? []).map((part) => part.text).join(""),
      signature: item.encrypted_content ?? "",
    };
  }
  if (format === "anthropic-redacted-thinking") {
    return { type: "redacted_thinking", data: item.encrypted_content ?? "" };
  }
  if (format === "anthropic-server-block") {
    const block: unknown = Reflect.get(item, "block");
    if (typeof block === "object" && block !== null && "type" in block) {
      return block as ContentBlockParam;
    }
  }
  return undefined;
}
