import {
  type ContentItem,
  type ResponseItem,
  responseItemSchema,
  type ToolOutput,
} from "@ctx/protocol";
import { checkSchema } from "../check-argument.js";
import { type Tokenizer, tokenizerSchema } from "./tokenizer.js";

/**
 * What one image costs, whatever its size: the reference design's fixed estimate for an image at
 * its original detail (7,373 bytes at four bytes a token).
 */
export const imageTokens = 1_844;

/**
 * How many tokens `item` puts in front of the model: its text by `tokenizer`, each image at
 * {@link imageTokens}, and encrypted reasoning or compaction content by the size it decodes to
 * (base64 carries three bytes in four characters), four bytes a token.
 *
 * @throws {SessionError} naming `item` or `tokenizer` when one does not fit its type.
 * @example
 * ```ts
 * countItemTokens({ type: "function_call_output", call_id: "c", output: "12345678" }, approximateTokenizer);
 * // 2
 * ```
 */
export function countItemTokens(item: ResponseItem, tokenizer: Tokenizer): number {
  const checked = checkSchema("item", item, responseItemSchema);
  return itemTokens(checked, checkSchema("tokenizer", tokenizer, tokenizerSchema));
}

/** {@link countItemTokens} unchecked, for items and a tokenizer the session checked already. */
export function itemTokens(item: ResponseItem, tokenizer: Tokenizer): number {
  return sum(itemPartTokens(item, tokenizer));
}

/**
 * What each part of `item` costs, unchecked: one count per content part of a message (so each
 * fragment of a context message can be told apart), one count in all for other items.
 */
export function itemPartTokens(item: ResponseItem, tokenizer: Tokenizer): number[] {
  switch (item.type) {
    case "message":
      return item.content.map((part) => countContent(part, tokenizer));
    case "function_call":
      return [tokenizer.count(item.name) + tokenizer.count(item.arguments)];
    case "custom_tool_call":
      return [tokenizer.count(item.name) + tokenizer.count(item.input)];
    case "function_call_output":
    case "custom_tool_call_output":
      return [countOutput(item.output, tokenizer)];
    case "reasoning":
      return [
        sum(item.summary.map((part) => tokenizer.count(part.text))) +
          sum((item.content ?? []).map((part) => tokenizer.count(part.text))) +
          encryptedTokens(item.encrypted_content ?? ""),
      ];
    case "compaction":
      return [encryptedTokens(item.encrypted_content)];
  }
}

function countContent(part: ContentItem, tokenizer: Tokenizer): number {
  return part.type === "input_image" ? imageTokens : tokenizer.count(part.text);
}

function countOutput(output: ToolOutput, tokenizer: Tokenizer): number {
  return typeof output === "string"
    ? tokenizer.count(output)
    : sum(output.map((part) => countContent(part, tokenizer)));
}

function encryptedTokens(base64: string): number {
  return Math.ceil((base64.length * 3) / 4 / 4);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
