import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages/messages";
import { AdapterError, type CacheDiagnostics, type ModelAnswer } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { checkAnswer } from "@ctx/protocol/mapping";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { stopEnding } from "./answer-ending.js";
import { readCacheDiagnostics } from "./cache-diagnostics.js";
import { toItems } from "./content-blocks.js";
import { deltaChunk, finishBlock, type OpenBlock, openBlock } from "./open-block.js";
import { checkSchema, provider } from "./provider.js";
import { readUsage } from "./reported-usage.js";
import {
  blockDeltaSchema,
  blockStartSchema,
  blockStopSchema,
  eventSchema,
  messageDeltaSchema,
  startSchema,
} from "./stream-event-schemas.js";

/** Options of {@link fromMessageStream}. */
export interface MessageStreamOptions {
  /** Called with every event as it arrives (to show the text as it comes, say). */
  readonly onEvent?: (event: RawMessageStreamEvent) => void;
  /**
   * Whether the request named a previous message for Anthropic's cache diagnostics
   * (`toMessagesParams`'s `diagnostics.previousMessageId`): an answer without `diagnostics` then
   * reports no miss, `cacheDiagnostics: { missed: false }`.
   */
  readonly diagnosed?: boolean;
}

const optionsSchema = lazySchema(() =>
  z.strictObject({
    onEvent: z
      .custom<(event: RawMessageStreamEvent) => void>((value) => typeof value === "function", {
        message: "expected a function",
      })
      .optional(),
    diagnosed: z.boolean().optional(),
  }),
);

/**
 * Reads a streamed Messages API answer (`client.messages.create({ …, stream: true })`, or the
 * events of `client.messages.stream()`) to its `message_stop` and maps it as `fromMessage`
 * maps a whole one. Each block's deltas (text, tool input JSON, thinking, signature) are kept as
 * chunks and joined once, when the block stops, so memory grows with the answer and the time
 * with its length, never with its square; a tool's input is parsed once, whole. The usage is the
 * `message_start`'s with the counts of the last `message_delta` over it, and the `ending` comes
 * from the `stop_reason` a `message_delta` carries, as `fromMessage` reads it.
 *
 * Nothing is returned for a stream that does not finish: an abort rejects with the client's
 * error, and a stream that reports an error or ends before `message_stop` rejects with an
 * `AdapterError` (code `incomplete-answer`), so a caller never records half an answer.
 *
 * A stream that contradicts itself is refused, naming the event: a block started twice, a delta
 * or a stop for a block that never started or has stopped, two tool uses with one id.
 *
 * @throws {AdapterError} naming `stream` or `options` when they are not an async
 * iterable and the options object (code `invalid-argument`); naming the event or block at fault
 * when it is malformed, a tool's input is not a JSON object, or the stream contradicts itself
 * (code `invalid-answer`).
 * @example
 * ```ts
 * const stream = await client.messages.create({ model, max_tokens, stream: true, ...toMessagesParams(request) }, { signal });
 * const answer = await fromMessageStream(stream);
 * ```
 */
export async function fromMessageStream(
  stream: AsyncIterable<RawMessageStreamEvent>,
  options: MessageStreamOptions = {},
): Promise<ModelAnswer> {
  if (typeof Reflect.get(Object(stream), Symbol.asyncIterator) !== "function") {
    throw new AdapterError(
      "invalid-argument",
      "invalid stream: expected an async iterable of stream events",
      { provider },
    );
  }
  const { onEvent, diagnosed = false } = checkSchema("options", options, optionsSchema);
  const open = new Map<number, OpenBlock>();
  const content = new Map<number, Record<string, unknown>>();
  let usage: Record<string, unknown> | undefined;
  let cacheDiagnostics: CacheDiagnostics | undefined;
  let stopReason: string | undefined;
  let sequence = 0;
  for await (const event of stream) {
    onEvent?.(event);
    const where = `stream event ${sequence++}`;
    const declared: unknown =
      typeof event === "object" && event !== null ? Reflect.get(event, "type") : undefined;
    const { type } =
      typeof declared === "string"
        ? { type: declared }
        : checkAnswer(provider, eventSchema, event, where);
    switch (type) {
      case "message_start":
        {
          const { message } = checkAnswer(provider, startSchema, event, where);
          usage = { ...message.usage };
          cacheDiagnostics = readCacheDiagnostics(
            message.diagnostics,
            `${where}.message.diagnostics`,
            diagnosed,
          );
        }
        break;
      case "content_block_start": {
        const { index, content_block: start } = checkAnswer(
          provider,
          blockStartSchema,
          event,
          where,
        );
        if (open.has(index) || content.has(index)) {
          throw new AdapterError(
            "invalid-answer",
            `the stream contradicts itself: ${where} starts block ${index} a second time; nothing of it was kept`,
            { provider, index },
          );
        }
        open.set(index, {
          start,
          chunks: { text: [], partial_json: [], thinking: [], signature: [] },
        });
        break;
      }
      case "content_block_delta": {
        // The most frequent event by far: read without a schema when it has the usual shape.
        const chunk = deltaChunk(event);
        if (chunk !== undefined) {
          openBlock(open, content, chunk.index, where).chunks[chunk.field].push(chunk.text);
          break;
        }
        const { index, delta } = checkAnswer(provider, blockDeltaSchema, event, where);
        const block = openBlock(open, content, index, where);
        if (delta.type === "text_delta") block.chunks.text.push(delta.text);
        else if (delta.type === "input_json_delta")
          block.chunks.partial_json.push(delta.partial_json);
        else if (delta.type === "thinking_delta") block.chunks.thinking.push(delta.thinking);
        else if (delta.type === "signature_delta") block.chunks.signature.push(delta.signature);
        break;
      }
      case "content_block_stop": {
        const { index } = checkAnswer(provider, blockStopSchema, event, where);
        content.set(
          index,
          finishBlock(openBlock(open, content, index, where), `${where} (block ${index})`, index),
        );
        open.delete(index);
        break;
      }
      case "message_delta": {
        const delta = checkAnswer(provider, messageDeltaSchema, event, where);
        stopReason = delta.delta?.stop_reason ?? stopReason;
        const counts = delta.usage ?? {};
        for (const [key, value] of Object.entries(counts)) {
          if (value != null) usage = { ...usage, [key]: value };
        }
        break;
      }
      case "message_stop": {
        if (open.size > 0) {
          throw incomplete(
            `the message stopped with block ${[...open.keys()].join(", ")} unfinished`,
          );
        }
        const blocks = [...content.entries()].sort(([left], [right]) => left - right);
        const warnings: CtxWarning[] = [];
        const items = toItems(
          blocks.map(([, block]) => block),
          "message.content",
          warnings,
        );
        const ending = stopEnding(stopReason, warnings);
        return {
          items,
          usage: readUsage({ usage }, "message", "invalid-answer"),
          ending,
          ...(cacheDiagnostics === undefined ? {} : { cacheDiagnostics }),
          warnings,
        };
      }
      case "error":
        throw incomplete(
          `the API reported an error: ${errorMessage(event) ?? "without a message"}`,
        );
    }
  }
  throw incomplete("the stream ended before its message_stop event; nothing of it was kept");
}

function incomplete(message: string): AdapterError {
  return new AdapterError("incomplete-answer", message, { provider });
}

function errorMessage(event: object): string | undefined {
  const error = Reflect.get(event, "error");
  const message =
    typeof error === "object" && error !== null ? Reflect.get(error, "message") : undefined;
  return typeof message === "string" ? message : undefined;
}
