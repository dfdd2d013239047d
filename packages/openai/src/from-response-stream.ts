import { AdapterError, type ModelAnswer, type ResponseItem } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { checkAnswer } from "@ctx/protocol/mapping";
import type { CtxWarning } from "@ctx/text";
import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import { z } from "zod";
import { responseEnding } from "./answer-ending.js";
import { readCacheDiagnostics } from "./cache-diagnostics.js";
import { refuseRepeatedCallIds, toOutputItem } from "./output-items.js";
import { checkSchema, provider } from "./provider.js";
import { readUsage } from "./reported-usage.js";

/** Options of {@link fromResponseStream}. */
export interface ResponseStreamOptions {
  /** Called with every event as it arrives (to show the text as it comes, say). */
  readonly onEvent?: (event: ResponseStreamEvent) => void;
}

const optionsSchema = lazySchema(() =>
  z.strictObject({
    onEvent: z
      .custom<(event: ResponseStreamEvent) => void>((value) => typeof value === "function", {
        message: "expected a function",
      })
      .optional(),
  }),
);

const eventSchema = lazySchema(() => z.looseObject({ type: z.string() }));
const itemDoneSchema = lazySchema(() =>
  z.looseObject({ output_index: z.number().int().min(0), item: z.unknown() }),
);
const itemEventSchema = lazySchema(() => z.looseObject({ output_index: z.number().int().min(0) }));
const finalSchema = lazySchema(() =>
  z.looseObject({
    response: z.looseObject({
      usage: z.unknown(),
      prompt_cache_diagnostics: z.unknown().optional(),
    }),
  }),
);

/**
 * Reads a streamed Responses API answer (`client.responses.create({ …, stream: true })`) to its
 * end and maps it as {@link fromResponse} maps a whole one: each output item as its
 * `response.output_item.done` event carries it, complete, in output order, and the usage of the
 * final `response.completed` (or `response.incomplete`: its `ending` is then `cut`, or `refused`
 * for the content filter, with an `incomplete-response` warning naming the reason). The deltas are not assembled: the done events carry every item whole, so
 * memory grows with the answer, once.
 *
 * Nothing is returned for a stream that does not finish: an abort rejects with the client's
 * error, and a stream that fails or ends before its final event rejects with an
 * `AdapterError` (code `incomplete-answer`), so a caller never records half an answer.
 *
 * A stream that contradicts itself is refused, naming the event: an output closed twice, two
 * outputs with one id, text or a part added to an output after it closed, two tool calls with
 * one call id. An output closed without having started is kept as its done event carries it,
 * with an `inconsistent-stream` warning.
 *
 * @throws {AdapterError} naming `stream` or `options` when they are not an async iterable
 * and the options object (code `invalid-argument`); naming the event at fault when an item is
 * malformed or the stream contradicts itself (code `invalid-answer`).
 * @example
 * ```ts
 * const stream = await client.responses.create({ model, stream: true, ...toResponsesParams(request) }, { signal });
 * const answer = await fromResponseStream(stream, { onEvent: (event) => show(event) });
 * ```
 */
export async function fromResponseStream(
  stream: AsyncIterable<ResponseStreamEvent>,
  options: ResponseStreamOptions = {},
): Promise<ModelAnswer> {
  if (typeof Reflect.get(Object(stream), Symbol.asyncIterator) !== "function") {
    throw new AdapterError(
      "invalid-argument",
      "invalid stream: expected an async iterable of stream events",
      { provider },
    );
  }
  const { onEvent } = checkSchema("options", options, optionsSchema);
  const warnings: CtxWarning[] = [];
  const done = new Map<number, ResponseItem | undefined>();
  /** The outputs an `output_item.added` event started. */
  const started = new Set<number>();
  /** The ids of the done items, each output's own. */
  const ids = new Set<string>();
  /** The done items as they came, which say whether the model refused. */
  const received: unknown[] = [];
  let sequence = 0;
  for await (const event of stream) {
    onEvent?.(event);
    const where = `stream event ${sequence++}`;
    const { type } = checkAnswer(provider, eventSchema, event, where);
    if (type === "response.output_item.added") {
      started.add(checkAnswer(provider, itemEventSchema, event, where).output_index);
    } else if (type === "response.output_item.done") {
      const { output_index: index, item } = checkAnswer(provider, itemDoneSchema, event, where);
      if (done.has(index)) throw contradiction(`${where} closes output ${index} a second time`);
      if (!started.has(index)) {
        warnings.push({
          code: "inconsistent-stream",
          message: `${where} closes output ${index}, which no output_item.added event started; the item it carries was kept`,
        });
      }
      const mapped = toOutputItem(item, `${where} (output ${index})`, index, warnings);
      const id = mapped === undefined ? undefined : Reflect.get(mapped, "id");
      if (typeof id === "string" && ids.has(id)) {
        throw contradiction(
          `${where} closes output ${index} with the id ${id}, which an earlier output has`,
        );
      }
      if (typeof id === "string") ids.add(id);
      done.set(index, mapped);
      received.push(item);
    } else if (type.endsWith(".delta") || type.endsWith(".added")) {
      // Text of an output, or a part added to it: it must come before the output closed.
      const index = Reflect.get(Object(event), "output_index");
      if (typeof index === "number" && done.has(index)) {
        throw contradiction(`${where} (${type}) adds to output ${index} after it closed`);
      }
    } else if (type === "response.completed" || type === "response.incomplete") {
      const { response } = checkAnswer(provider, finalSchema, event, where);
      const ordered = [...done.entries()].sort(([left], [right]) => left - right);
      const items = ordered.flatMap(([, item]) => item ?? []);
      refuseRepeatedCallIds(items, "the streamed response");
      const usage = readUsage(response, `${where} response`, "invalid-answer");
      // The final event's status says how it ended; its output repeats the done items.
      const status = type === "response.incomplete" ? { status: "incomplete" } : {};
      const ending = responseEnding({ ...response, ...status }, received, warnings);
      const cacheDiagnostics = readCacheDiagnostics(
        response.prompt_cache_diagnostics,
        `${where} response.prompt_cache_diagnostics`,
      );
      return {
        items,
        usage,
        ending,
        ...(cacheDiagnostics === undefined ? {} : { cacheDiagnostics }),
        warnings,
      };
    } else if (type === "response.failed" || type === "error") {
      throw new AdapterError(
        "incomplete-answer",
        `the response failed: ${failureMessage(event) ?? "the API gave no reason"}`,
        { provider },
      );
    }
  }
  throw new AdapterError(
    "incomplete-answer",
    "the stream ended before its response.completed event; nothing of it was kept",
    { provider },
  );
}

function contradiction(message: string): AdapterError {
  return new AdapterError(
    "invalid-answer",
    `the stream contradicts itself: ${message}; nothing of it was kept`,
    { provider },
  );
}

function failureMessage(event: object): string | undefined {
  const response = Reflect.get(event, "response");
  const error =
    typeof response === "object" && response !== null ? Reflect.get(response, "error") : event;
  const message =
    typeof error === "object" && error !== null ? Reflect.get(error, "message") : undefined;
  return typeof message === "string" ? message : undefined;
}
