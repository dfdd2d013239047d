import { AdapterError, type ModelAnswer, type ResponseItem } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { checkAnswer } from "@ctx/protocol/mapping";
import type { CtxWarning } from "@ctx/text";
import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import { z } from "zod";
import { choiceEnding } from "./answer-ending.js";
import { refuseRepeatedCallIds, warnUnlessJson } from "./output-items.js";
import { checkSchema, provider } from "./provider.js";
import { readUsage } from "./reported-usage.js";

/** Options of {@link fromChatCompletionStream}. */
export interface ChatCompletionStreamOptions {
  /** Called with every chunk as it arrives (to show the text as it comes, say). */
  readonly onChunk?: (chunk: ChatCompletionChunk) => void;
}

const optionsSchema = lazySchema(() =>
  z.strictObject({
    onChunk: z
      .custom<(chunk: ChatCompletionChunk) => void>((value) => typeof value === "function", {
        message: "expected a function",
      })
      .optional(),
  }),
);

const chunkSchema = lazySchema(() => z.looseObject({ choices: z.array(z.unknown()) }));

const choiceSchema = lazySchema(() =>
  z.looseObject({
    index: z.number().int().min(0),
    delta: z
      .looseObject({
        content: z.string().nullish(),
        refusal: z.string().nullish(),
        tool_calls: z.array(z.unknown()).nullish(),
      })
      .nullish(),
    finish_reason: z.string().nullish(),
  }),
);

const toolCallDeltaSchema = lazySchema(() =>
  z.looseObject({
    index: z.number().int().min(0),
    id: z.string().min(1).nullish(),
    type: z.literal("function").nullish(),
    function: z
      .looseObject({ name: z.string().min(1).nullish(), arguments: z.string().nullish() })
      .nullish(),
  }),
);

/** A tool call as its deltas build it: the parts of its arguments, joined once at the end. */
interface ToolCallParts {
  id: string | undefined;
  name: string | undefined;
  readonly arguments: string[];
}

/**
 * Reads a streamed Chat Completions answer (`client.chat.completions.create({ …, stream: true,
 * stream_options: { include_usage: true } })`) to its end and maps it as
 * {@link fromChatCompletion} maps a whole one: the first choice's text (or refusal) as an
 * assistant message, then its function calls in the order of their `index`, each assembled from
 * its deltas, and the usage of the chunk that carries it (none without `include_usage`). The
 * deltas of a text or a call are kept as parts and joined once, so memory and time grow with the
 * answer, once.
 *
 * Only a finished choice is recorded: a stream that ends before the first choice has a
 * `finish_reason` rejects with an `AdapterError` (code `incomplete-answer`), and an abort
 * rejects with the client's error, so a caller never records half an answer. A choice that
 * finished for another reason than `stop` or `tool_calls` (`length`, `content_filter`) keeps its
 * text and drops its tool calls, whose arguments may be cut, with an `incomplete-response`
 * warning naming the reason; its `ending` is `cut` for `length`, `refused` for `content_filter`
 * or a refusal, `completed` otherwise. Other choices are left out with an `other-choices` warning, as are
 * arguments that are not JSON (`tool-arguments-not-json`, recorded as written).
 *
 * A stream that contradicts itself is refused: text or a call added to the first choice after it
 * finished, a tool call given a second id, two tool calls with one id.
 *
 * @throws {AdapterError} naming `stream` or `options` when they are not an async iterable
 * and the options object (code `invalid-argument`); naming the chunk at fault when a chunk, a
 * choice or a tool call delta is malformed, a tool call ends without its id or name, or the
 * stream contradicts itself (code `invalid-answer`).
 * @example
 * ```ts
 * const stream = await client.chat.completions.create(
 *   { model, stream: true, stream_options: { include_usage: true }, ...toChatCompletionsParams(request) },
 *   { signal },
 * );
 * const answer = await fromChatCompletionStream(stream, { onChunk: (chunk) => show(chunk) });
 * ```
 */
export async function fromChatCompletionStream(
  stream: AsyncIterable<ChatCompletionChunk>,
  options: ChatCompletionStreamOptions = {},
): Promise<ModelAnswer> {
  if (typeof Reflect.get(Object(stream), Symbol.asyncIterator) !== "function") {
    throw new AdapterError(
      "invalid-argument",
      "invalid stream: expected an async iterable of completion chunks",
      { provider },
    );
  }
  const { onChunk } = checkSchema("options", options, optionsSchema);
  const text: string[] = [];
  const refusal: string[] = [];
  const calls = new Map<number, ToolCallParts>();
  const otherChoices = new Set<number>();
  let finishReason: string | undefined;
  let usage: ModelAnswer["usage"];
  let sequence = 0;
  for await (const chunk of stream) {
    onChunk?.(chunk);
    const where = `stream chunk ${sequence++}`;
    const { choices } = checkAnswer(provider, chunkSchema, chunk, where);
    usage = readUsage(chunk, where, "invalid-answer") ?? usage;
    for (const [position, value] of choices.entries()) {
      const choice = checkAnswer(provider, choiceSchema, value, `${where} choices[${position}]`);
      if (choice.index !== 0) {
        otherChoices.add(choice.index);
        continue;
      }
      const delta = choice.delta;
      // An empty delta after the finish (some compatible servers send one) adds nothing.
      const adds =
        (delta?.content ?? "") !== "" ||
        (delta?.refusal ?? "") !== "" ||
        (delta?.tool_calls ?? []).length > 0;
      if (finishReason !== undefined && adds) {
        throw new AdapterError(
          "invalid-answer",
          `the stream contradicts itself: ${where} adds to the first choice after it finished (${finishReason}); nothing of it was kept`,
          { provider },
        );
      }
      if (delta?.content != null) text.push(delta.content);
      if (delta?.refusal != null) refusal.push(delta.refusal);
      for (const [offset, part] of (delta?.tool_calls ?? []).entries()) {
        const call = checkAnswer(
          provider,
          toolCallDeltaSchema,
          part,
          `${where} choices[${position}].delta.tool_calls[${offset}]`,
        );
        const parts = calls.get(call.index) ?? { id: undefined, name: undefined, arguments: [] };
        calls.set(call.index, parts);
        if (parts.id !== undefined && call.id != null && call.id !== parts.id) {
          throw new AdapterError(
            "invalid-answer",
            `the stream contradicts itself: ${where} gives tool call ${call.index} the id ${call.id}, after ${parts.id}; nothing of it was kept`,
            { provider, index: call.index },
          );
        }
        parts.id ??= call.id ?? undefined;
        parts.name ??= call.function?.name ?? undefined;
        if (call.function?.arguments != null) parts.arguments.push(call.function.arguments);
      }
      if (choice.finish_reason != null) finishReason = choice.finish_reason;
    }
  }
  if (finishReason === undefined) {
    throw new AdapterError(
      "incomplete-answer",
      "the stream ended before its first choice finished; nothing of it was kept",
      { provider },
    );
  }
  const warnings: CtxWarning[] = [];
  if (otherChoices.size > 0) {
    warnings.push({
      code: "other-choices",
      message: `the stream has ${otherChoices.size + 1} choices; only the first was kept`,
    });
  }
  const items: ResponseItem[] = [];
  const said = text.length > 0 ? text.join("") : refusal.join("");
  if (said !== "") {
    items.push({
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: said }],
    });
  }
  const ending = choiceEnding(finishReason, text.length > 0 ? undefined : said, warnings);
  const complete = finishReason === "stop" || finishReason === "tool_calls";
  if (!complete && calls.size > 0) {
    warnings.push({
      code: "incomplete-response",
      message: `the answer ended early (${finishReason}); its ${calls.size} tool call(s) were left out since their arguments may be cut`,
    });
  }
  const ordered = [...calls.entries()].sort(([left], [right]) => left - right);
  for (const [index, { id, name, arguments: parts }] of complete ? ordered : []) {
    if (id === undefined || name === undefined) {
      throw new AdapterError(
        "invalid-answer",
        `tool call ${index} of the stream ended without its ${id === undefined ? "id" : "name"}`,
        { provider, index },
      );
    }
    const joined = parts.join("");
    warnUnlessJson(joined, `tool call ${index} of the stream (call ${id} of ${name})`, warnings);
    items.push({ type: "function_call", call_id: id, name, arguments: joined });
  }
  refuseRepeatedCallIds(items, "the streamed completion");
  return { items, usage, ending, warnings };
}
