import { AdapterError, type ResponseItem, type ToolOutput } from "@ctx/protocol";
import { lazySchema, repeatedCallId } from "@ctx/protocol/internal";
import { checkAnswer } from "@ctx/protocol/mapping";
import type { CtxWarning } from "@ctx/text";
import { z } from "zod";
import { provider } from "./provider.js";

const textPart = lazySchema(() =>
  z.looseObject({ type: z.literal("output_text"), text: z.string() }),
);
const refusalPart = lazySchema(() =>
  z.looseObject({ type: z.literal("refusal"), refusal: z.string() }),
);

const messageSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("message"),
    id: z.string().optional(),
    role: z.literal("assistant"),
    content: z.array(z.union([textPart, refusalPart])),
    phase: z.enum(["commentary", "final_answer"]).nullish(),
  }),
);

const functionCallSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("function_call"),
    id: z.string().optional(),
    call_id: z.string().min(1),
    name: z.string().min(1),
    arguments: z.string(),
  }),
);

const customToolCallSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("custom_tool_call"),
    id: z.string().optional(),
    call_id: z.string().min(1),
    name: z.string().min(1),
    input: z.string(),
  }),
);

const reasoningSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("reasoning"),
    id: z.string().optional(),
    summary: z.array(z.looseObject({ type: z.literal("summary_text"), text: z.string() })),
    content: z
      .array(z.looseObject({ type: z.literal("reasoning_text"), text: z.string() }))
      .nullish(),
    encrypted_content: z.string().nullish(),
  }),
);

const compactionSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal("compaction"),
    id: z.string().optional(),
    encrypted_content: z.string(),
  }),
);

const toolOutputPart = lazySchema(() =>
  z.union([
    z.looseObject({ type: z.literal("input_text"), text: z.string() }),
    z.looseObject({
      type: z.literal("input_image"),
      image_url: z.string().nullish(),
      file_id: z.string().nullish(),
      detail: z.enum(["low", "high", "auto", "original"]).nullish(),
    }),
  ]),
);

const toolOutputSchema = lazySchema(() =>
  z.looseObject({
    type: z.enum(["function_call_output", "custom_tool_call_output"]),
    call_id: z.string().min(1),
    output: z.union([z.string(), z.array(toolOutputPart)]),
  }),
);

const itemSchema = lazySchema(() => z.looseObject({ type: z.string() }));

/** The schema of an output item of a type the mapping knows. */
const knownSchemas = {
  message: messageSchema,
  function_call: functionCallSchema,
  custom_tool_call: customToolCallSchema,
  reasoning: reasoningSchema,
  compaction: compactionSchema,
  function_call_output: toolOutputSchema,
  custom_tool_call_output: toolOutputSchema,
} as const;

/**
 * Maps one Responses API output item to the item the session records, or `undefined` (and a
 * warning in `warnings`) for an item the session has no type for: a hosted tool's call (web
 * search, code interpreter, …) the API ran and keeps on its side.
 *
 * @throws {AdapterError} coded `invalid-answer`, naming `where`, when an item of a known
 * type lacks a field or has one of the wrong type.
 */
export function toOutputItem(
  value: unknown,
  where: string,
  index: number,
  warnings: CtxWarning[],
): ResponseItem | undefined {
  const item = checkAnswer(provider, itemSchema, value, where, index);
  if (!(item.type in knownSchemas)) {
    warnings.push({
      code: "unknown-output-item",
      message: `${where} is a ${item.type} item, which the session has no type for; it was left out`,
    });
    return undefined;
  }
  switch (item.type) {
    case "message": {
      const message = checkAnswer(provider, messageSchema, value, where, index);
      return withId(
        {
          type: "message",
          role: "assistant",
          content: message.content.map((part) => ({
            type: "output_text" as const,
            text: part.type === "output_text" ? part.text : part.refusal,
          })),
          ...(message.phase == null ? {} : { phase: message.phase }),
        },
        message.id,
      );
    }
    case "function_call": {
      const call = checkAnswer(provider, functionCallSchema, value, where, index);
      warnUnlessJson(call.arguments, `${where} (call ${call.call_id} of ${call.name})`, warnings);
      return withId(
        {
          type: "function_call",
          call_id: call.call_id,
          name: call.name,
          arguments: call.arguments,
        },
        call.id,
      );
    }
    case "custom_tool_call": {
      const call = checkAnswer(provider, customToolCallSchema, value, where, index);
      return withId(
        { type: "custom_tool_call", call_id: call.call_id, name: call.name, input: call.input },
        call.id,
      );
    }
    case "reasoning": {
      const reasoning = checkAnswer(provider, reasoningSchema, value, where, index);
      return withId(
        {
          type: "reasoning",
          summary: reasoning.summary.map(({ text }) => ({ type: "summary_text" as const, text })),
          ...(reasoning.content == null
            ? {}
            : {
                content: reasoning.content.map(({ text }) => ({
                  type: "reasoning_text" as const,
                  text,
                })),
              }),
          ...(reasoning.encrypted_content == null
            ? {}
            : { encrypted_content: reasoning.encrypted_content }),
        },
        reasoning.id,
      );
    }
    case "compaction": {
      const compaction = checkAnswer(provider, compactionSchema, value, where, index);
      return withId(
        { type: "compaction", encrypted_content: compaction.encrypted_content },
        compaction.id,
      );
    }
    default: {
      const result = checkAnswer(provider, toolOutputSchema, value, where, index);
      return { type: result.type, call_id: result.call_id, output: toToolOutput(result.output) };
    }
  }
}

/**
 * Warns, naming `what`, when a function call's arguments are not JSON: the call is recorded as
 * the model wrote it, and the tool runner answers it.
 */
export function warnUnlessJson(text: string, what: string, warnings: CtxWarning[]): void {
  try {
    JSON.parse(text);
  } catch {
    warnings.push({
      code: "tool-arguments-not-json",
      message: `${what} has arguments that are not JSON; it was recorded as the model wrote it`,
    });
  }
}

function toToolOutput(output: z.output<typeof toolOutputSchema>["output"]): ToolOutput {
  if (typeof output === "string") return output;
  return output.map((part) => {
    if (part.type === "input_text") return { type: "input_text", text: part.text };
    return {
      type: "input_image",
      ...(part.image_url == null ? {} : { image_url: part.image_url }),
      ...(part.file_id == null ? {} : { file_id: part.file_id }),
      ...(part.detail == null ? {} : { detail: part.detail }),
    };
  });
}

function withId<Item extends ResponseItem>(item: Item, id: string | undefined): Item {
  return id === undefined ? item : { ...item, id };
}

/**
 * Refuses an answer in which two tool calls share one call id: the tool would run twice, and
 * every later request would repeat the id.
 * @throws {AdapterError} coded `invalid-answer`, naming `where` and the id.
 */
export function refuseRepeatedCallIds(items: readonly ResponseItem[], where: string): void {
  const repeated = repeatedCallId(items);
  if (repeated !== undefined) {
    throw new AdapterError(
      "invalid-answer",
      `${where} has two tool calls with the call id ${repeated}; nothing of it was kept`,
      { provider },
    );
  }
}
