import { AdapterError, type ModelAnswer } from "@ctx/protocol";
import type { FinishReason, LanguageModelUsage, ModelMessage } from "ai";
import { fromGenerateText } from "./from-generate-text.js";
import { provider } from "./provider.js";

/** The parts of a `streamText` result the mapping waits for. */
export interface StreamingTextResult {
  readonly response: PromiseLike<{ readonly messages: readonly ModelMessage[] }>;
  readonly usage: PromiseLike<LanguageModelUsage>;
  /** Why the last step ended, which the answer's `ending` comes from. */
  readonly finishReason?: PromiseLike<FinishReason>;
}

/**
 * Waits for a `streamText` result to finish and maps it as {@link fromGenerateText} maps a
 * `generateText` one: the AI SDK assembles the streamed parts into `response.messages` itself,
 * once each step is complete, so the items are whole and the memory is the answer's; the
 * `ending` comes from its `finishReason`. Read
 * `result.textStream` or `result.fullStream` beside it to show the answer as it comes. When
 * the stream fails or is aborted, this rejects with the AI SDK's error and maps nothing.
 *
 * @throws {AdapterError} naming `result` when it has no `response` and `usage` promises
 * (code `invalid-argument`), or a message part lacks a field (code `invalid-answer`).
 * @example
 * ```ts
 * const result = streamText({ model, tools, abortSignal: signal, ...toPrompt(request) });
 * const answer = await fromStreamText(result);
 * ```
 */
export async function fromStreamText(result: StreamingTextResult): Promise<ModelAnswer> {
  const response: unknown =
    typeof result === "object" && result !== null ? Reflect.get(result, "response") : undefined;
  const usage: unknown =
    typeof result === "object" && result !== null ? Reflect.get(result, "usage") : undefined;
  if (!isPromiseLike(response) || !isPromiseLike(usage)) {
    throw new AdapterError(
      "invalid-argument",
      "invalid result: expected a streamText result, whose response and usage are promises",
      { provider },
    );
  }
  const finish: unknown = Reflect.get(result, "finishReason");
  const failures: unknown[] = [];
  const watching = watchFailures(result, failures);
  try {
    // Each promise is read once: every read of the AI SDK's getters makes a new one, which
    // would reject unheard when the stream fails.
    const [messages, counts, finishReason] = await Promise.all([
      response as StreamingTextResult["response"],
      usage as StreamingTextResult["usage"],
      isPromiseLike(finish) ? (finish as PromiseLike<FinishReason>) : undefined,
    ]);
    return fromGenerateText({ response: messages, usage: counts, finishReason });
  } catch (error) {
    await watching;
    const [failure] = failures;
    // The AI SDK rejects with an error of its own that says nothing of the provider's.
    if (failure === undefined || failure === error || hasCause(error)) throw error;
    throw new AdapterError(
      "incomplete-answer",
      `the stream failed before the answer was complete: ${failure instanceof Error ? failure.message : String(failure)}`,
      { provider, cause: failure },
    );
  }
}

/**
 * Reads a copy of the result's `fullStream` to its end and keeps each `error` part's error in
 * `failures`; resolves when the stream ends, fails, or cannot be read (a result that allows one
 * reader only, already taken).
 */
async function watchFailures(result: object, failures: unknown[]): Promise<void> {
  try {
    const stream: unknown = Reflect.get(result, "fullStream");
    if (typeof Reflect.get(Object(stream), Symbol.asyncIterator) !== "function") return;
    for await (const part of stream as AsyncIterable<unknown>) {
      if (typeof part === "object" && part !== null && Reflect.get(part, "type") === "error") {
        failures.push(Reflect.get(part, "error"));
      }
    }
  } catch {
    // The stream's own failure reaches the caller through the result's promises.
  }
}

function hasCause(error: unknown): boolean {
  return typeof error === "object" && error !== null && Reflect.get(error, "cause") !== undefined;
}

function isPromiseLike(value: unknown): boolean {
  return (
    typeof value === "object" && value !== null && typeof Reflect.get(value, "then") === "function"
  );
}
