import type { Message } from "@anthropic-ai/sdk/resources/messages/messages";
import type { ModelAnswer } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { stopEnding } from "./answer-ending.js";
import { readCacheDiagnostics } from "./cache-diagnostics.js";
import { toItems } from "./content-blocks.js";
import { checkSchema } from "./provider.js";
import { readUsage } from "./reported-usage.js";

const messageSchema = lazySchema(() => z.looseObject({ content: z.array(z.unknown()) }));

/** Options of {@link fromMessage}. */
export interface MessageOptions {
  /**
   * Whether the request named a previous message for Anthropic's cache diagnostics
   * (`toMessagesParams`'s `diagnostics.previousMessageId`): a message without `diagnostics` then
   * reports no miss, `cacheDiagnostics: { missed: false }`.
   */
  readonly diagnosed?: boolean;
}

const optionsSchema = lazySchema(() => z.strictObject({ diagnosed: z.boolean().optional() }));

/**
 * Maps a Messages API `Message` to what the session records: its content blocks as items, in
 * order (consecutive text blocks as one assistant message; a `tool_use` as a function call whose
 * arguments are its input as JSON; thinking, redacted thinking and a server tool's use and
 * result as reasoning items that `toMessagesParams` sends back as the blocks they were), and its
 * usage in the shape of `reportedUsage`. A block of a type the adapter does not know is left out
 * with an `unknown-content-block` warning. Citations on text are not kept. The answer's `ending`
 * comes from `stop_reason`: `cut` for `max_tokens`, `model_context_window_exceeded` and
 * `pause_turn`, `refused` for `refusal` (each with an `incomplete-response` warning), `completed`
 * otherwise. A cache miss the message's `diagnostics` reports (asked for with `toMessagesParams`'s
 * `diagnostics` option) is its `cacheDiagnostics`: `{ missed: true, reason, missedInputTokens }`.
 *
 * @throws {AdapterError} naming `message` when it is not an object with a `content`
 * array (code `invalid-argument`), or a block of a known type lacks a field (code
 * `invalid-answer`, `index` its position): nothing is mapped then.
 * @example
 * ```ts
 * const message = await client.messages.create({ model, max_tokens, ...toMessagesParams(request) });
 * const answer = fromMessage(message);
 * await session.record(answer.items);
 * ```
 */
export function fromMessage(
  message: Pick<Message, "content" | "usage"> &
    Partial<Pick<Message, "stop_reason" | "diagnostics">>,
  options: MessageOptions = {},
): ModelAnswer {
  const { content } = checkSchema("message", message, messageSchema);
  const { diagnosed = false } = checkSchema("options", options, optionsSchema);
  const warnings: CtxWarning[] = [];
  const items = toItems(content, "message.content", warnings);
  const usage = readUsage(message, "message", "invalid-answer");
  const ending = stopEnding(Reflect.get(message, "stop_reason"), warnings);
  const cacheDiagnostics = readCacheDiagnostics(
    Reflect.get(message, "diagnostics"),
    "message.diagnostics",
    diagnosed,
  );
  return {
    items,
    usage,
    ending,
    ...(cacheDiagnostics === undefined ? {} : { cacheDiagnostics }),
    warnings,
  };
}
