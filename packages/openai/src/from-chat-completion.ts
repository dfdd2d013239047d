import { AdapterError, type ModelAnswer, type ResponseItem } from "@ctx/protocol";
import { lazySchema } from "@ctx/protocol/internal";
import { checkAnswer } from "@ctx/protocol/mapping";
import type { CtxWarning } from "@ctx/text";
import type { ChatCompletion } from "openai/resources/chat/completions";
import { z } from "zod";
import { choiceEnding } from "./answer-ending.js";
import { refuseRepeatedCallIds, warnUnlessJson } from "./output-items.js";
import { checkSchema, provider } from "./provider.js";
import { readUsage } from "./reported-usage.js";

const completionSchema = lazySchema(() => z.looseObject({ choices: z.array(z.unknown()) }));

const toolCallSchema = lazySchema(() =>
  z.discriminatedUnion("type", [
    z.looseObject({
      type: z.literal("function"),
      id: z.string().min(1),
      function: z.looseObject({ name: z.string().min(1), arguments: z.string() }),
    }),
    z.looseObject({
      type: z.literal("custom"),
      id: z.string().min(1),
      custom: z.looseObject({ name: z.string().min(1), input: z.string() }),
    }),
  ]),
);

const choiceSchema = lazySchema(() =>
  z.looseObject({
    finish_reason: z.string().nullish(),
    message: z.looseObject({
      content: z.string().nullish(),
      refusal: z.string().nullish(),
      tool_calls: z.array(z.unknown()).nullish(),
    }),
  }),
);

/**
 * Maps a Chat Completions `ChatCompletion` to what the session records: the first choice's
 * assistant text (or its refusal) as an assistant message, then each of its tool calls as a
 * function or custom tool call with the same call id, and the usage in the shape of
 * `reportedUsage`. Function call arguments that are not JSON leave a `tool-arguments-not-json`
 * warning (the call is recorded as written); a completion with more than one choice leaves an
 * `other-choices` warning, since only the first goes into the history. The answer's `ending` is
 * `cut` for `finish_reason: "length"`, `refused` for `"content_filter"` or a refusal, each with an
 * `incomplete-response` warning, and `completed` otherwise.
 *
 * @throws {AdapterError} naming `completion` when it is not an object with `choices`
 * (code `invalid-argument`), or when it has no choice, or a choice or a tool call lacks a field
 * (code `invalid-answer`; `index` is the tool call's position), or two tool calls share an id
 * (code `invalid-answer`).
 * @example
 * ```ts
 * const completion = await client.chat.completions.create({ model, ...toChatCompletionsParams(request) });
 * await session.record(fromChatCompletion(completion).items);
 * ```
 */
export function fromChatCompletion(
  completion: Pick<ChatCompletion, "choices" | "usage">,
): ModelAnswer {
  const { choices } = checkSchema("completion", completion, completionSchema);
  if (choices.length === 0) {
    throw new AdapterError(
      "invalid-answer",
      "completion.choices is empty: the answer has no message",
      { provider },
    );
  }
  const choice = checkAnswer(provider, choiceSchema, choices[0], "completion.choices[0]");
  const { message } = choice;
  const warnings: CtxWarning[] = [];
  if (choices.length > 1) {
    warnings.push({
      code: "other-choices",
      message: `the completion has ${choices.length} choices; only the first was kept`,
    });
  }
  const items: ResponseItem[] = [];
  const text = message.content ?? message.refusal;
  if (text != null && text !== "") {
    items.push({ type: "message", role: "assistant", content: [{ type: "output_text", text }] });
  }
  for (const [index, value] of (message.tool_calls ?? []).entries()) {
    const where = `completion.choices[0].message.tool_calls[${index}]`;
    const call = checkAnswer(provider, toolCallSchema, value, where, index);
    if (call.type === "function") {
      const { name, arguments: text } = call.function;
      warnUnlessJson(text, `${where} (call ${call.id} of ${name})`, warnings);
      items.push({ type: "function_call", call_id: call.id, name, arguments: text });
    } else {
      const { name, input } = call.custom;
      items.push({ type: "custom_tool_call", call_id: call.id, name, input });
    }
  }
  refuseRepeatedCallIds(items, "completion.choices[0].message");
  const usage = readUsage(completion, "completion", "invalid-answer");
  const ending = choiceEnding(choice.finish_reason, message.refusal, warnings);
  return { items, usage, ending, warnings };
}
