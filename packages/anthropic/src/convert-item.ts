import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages/messages";
import { AdapterError, type ContentItem, type ResponseItem, type ToolOutput } from "@ctx/protocol";
import { claudeBlockOf } from "./content-blocks.js";
import { developerContext } from "./developer-context.js";
import { provider } from "./provider.js";
import { shieldDeveloperContext } from "./shield-developer-context.js";
import { toImageBlock } from "./to-image-block.js";

/** One message under construction: consecutive items of one side. */
export interface Turn {
  readonly role: MessageParam["role"];
  readonly blocks: readonly ContentBlockParam[];
}

/**
 * What one item becomes: its blocks and the side they go to, and for a developer or system
 * message its texts, which join the top-level `system` when the message opens the input.
 */
export interface Piece extends Turn {
  readonly system: readonly string[] | undefined;
}

/**
 * Converts one item of a model request into its piece of a Messages API request, or `undefined`
 * for a reasoning item of another provider's, which is left out.
 *
 * @throws {AdapterError} when the item cannot be sent to Claude: a compaction item, an image
 * outside a user turn or tool result, an image Claude cannot read, function call arguments that
 * are not a JSON object.
 */
export function convertItem(
  item: ResponseItem,
  index: number,
  developerMessages: "user-text" | "system-messages",
): Piece | undefined {
  const turn = toTurn(item, index, developerMessages);
  if (turn === undefined) return undefined;
  const system =
    item.type === "message" && (item.role === "developer" || item.role === "system")
      ? item.content.map((part) => systemText(part, index))
      : undefined;
  return { ...turn, system };
}

function toTurn(
  item: ResponseItem,
  index: number,
  developerMessages: "user-text" | "system-messages",
): Turn | undefined {
  switch (item.type) {
    case "reasoning": {
      // Claude's own thinking and server tool blocks go back where they were; reasoning of
      // another provider's is left out.
      const block = claudeBlockOf(item);
      return block === undefined ? undefined : { role: "assistant", blocks: [block] };
    }
    case "message": {
      if (item.role === "assistant") {
        return {
          role: "assistant",
          blocks: item.content.map((part) => toAssistantText(part, index)),
        };
      }
      if (item.role === "user") {
        return { role: "user", blocks: item.content.map((part) => toUserBlock(part, index)) };
      }
      const texts = item.content.map((part) => systemText(part, index));
      if (developerMessages === "system-messages") {
        return { role: "system", blocks: texts.map((text) => ({ type: "text", text })) };
      }
      return {
        role: "user",
        blocks: texts.map((text) => ({
          type: "text",
          text: developerContext.create({ text }).render(),
        })),
      };
    }
    case "function_call": {
      const input = parseArguments(item.arguments, index);
      return {
        role: "assistant",
        blocks: [{ type: "tool_use", id: item.call_id, name: item.name, input }],
      };
    }
    case "custom_tool_call": {
      // A Claude tool takes a JSON object, so a free-form tool's text travels as its `input` field.
      const input = { input: item.input };
      return {
        role: "assistant",
        blocks: [{ type: "tool_use", id: item.call_id, name: item.name, input }],
      };
    }
    case "function_call_output":
    case "custom_tool_call_output":
      return { role: "user", blocks: [toToolResult(item.call_id, item.output, index)] };
    case "compaction":
      throw new AdapterError(
        "invalid-argument",
        `input[${index}] is a compaction item, which only the OpenAI Responses API can read`,
        { provider, index },
      );
  }
}

function systemText(part: ContentItem, index: number): string {
  if (part.type === "input_image") {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is a developer message with an image; Claude takes images only in user turns`,
      { provider, index },
    );
  }
  return part.text;
}

function toAssistantText(part: ContentItem, index: number): TextBlockParam {
  if (part.type === "input_image") {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is an assistant message with an image, which Claude cannot be given`,
      { provider, index },
    );
  }
  return { type: "text", text: shieldDeveloperContext(part.text) };
}

function toUserBlock(part: ContentItem, index: number): TextBlockParam | ImageBlockParam {
  return part.type === "input_image"
    ? toImageBlock(part, index)
    : { type: "text", text: shieldDeveloperContext(part.text) };
}

function parseArguments(text: string, index: number): object {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is a function call whose arguments are not JSON`,
      { provider, index, cause: error },
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is a function call whose arguments are not a JSON object, which a Claude tool input must be`,
      { provider, index },
    );
  }
  return value;
}

function toToolResult(callId: string, output: ToolOutput, index: number): ToolResultBlockParam {
  return {
    type: "tool_result",
    tool_use_id: callId,
    content:
      typeof output === "string"
        ? shieldDeveloperContext(output)
        : output.map((part) =>
            part.type === "input_text"
              ? { type: "text", text: shieldDeveloperContext(part.text) }
              : toImageBlock(part, index),
          ),
  };
}
