import type { ModelAnswer } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import type { CtxWarning } from "@ctx/text";
import type { FinishReason, LanguageModelUsage, ModelMessage } from "ai";
import { z } from "zod";
import { finishEnding } from "./answer-ending.js";
import { checkSchema } from "./provider.js";
import { reportedUsage } from "./reported-usage.js";
import { toItems } from "./response-message-items.js";

/** The parts of a `generateText` result (or an awaited `streamText` one) the mapping reads. */
export interface TextResult {
  readonly response: { readonly messages: readonly ModelMessage[] };
  readonly usage: LanguageModelUsage;
  /** Why the last step ended; the answer's `ending` comes from it. */
  readonly finishReason?: FinishReason | undefined;
}

const resultSchema = lazySchema(() =>
  z.looseObject({
    response: z.looseObject({ messages: z.array(z.unknown()) }),
    usage: z.looseObject({}),
  }),
);

/**
 * Maps the result of `generateText` to what the session records: the items of
 * `result.response.messages` (the assistant's text, reasoning, tool calls, and the results of
 * the tools the AI SDK ran itself, of every step) in order, and the last step's usage in the
 * shape of `reportedUsage`. A part the session has no type for (a file, an approval request) is
 * left out with an `unknown-message-part` warning. The AI SDK has no free-form tools: every call
 * is a function call. The answer's `ending` comes from `finishReason`: `cut` for `length`,
 * `refused` for `content-filter`, `failed` for `error`, `aborted` for `interrupted` (each with an
 * `incomplete-response` warning), `completed` otherwise.
 *
 * @throws {AdapterError} naming `result` when it has no `response.messages` and `usage`
 * (code `invalid-argument`), or a message part lacks a field (code `invalid-answer`, `index` the
 * message's position): nothing is mapped then.
 * @example
 * ```ts
 * const answer = fromGenerateText(await generateText({ model, tools, ...toPrompt(request) }));
 * await session.record(answer.items);
 * ```
 */
export function fromGenerateText(result: TextResult): ModelAnswer {
  const { response, usage } = checkSchema("result", result, resultSchema);
  const warnings: CtxWarning[] = [];
  const items = toItems(response.messages, warnings);
  const ending = finishEnding(Reflect.get(result, "finishReason"), warnings);
  return { items, usage: reportedUsage(usage as LanguageModelUsage), ending, warnings };
}
