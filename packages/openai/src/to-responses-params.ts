import {
  AdapterError,
  type ContentItem,
  type InputImageContent,
  type MessageItem,
  type ModelInput,
  type ResponseItem,
  type ToolOutput,
} from "@ctx/protocol";
import { lazySchema, parseWithSchema } from "@ctx/protocol/internal";
import { createItemMapper } from "@ctx/protocol/mapping";
import type {
  EasyInputMessage,
  ResponseCreateParams,
  ResponseIncludable,
  ResponseInputContent,
  ResponseInputImage,
  ResponseInputItem,
  ResponseInputText,
} from "openai/resources/responses/responses";
import { z } from "zod";
import { type PromptCacheTtl, withExplicitBreakpoints } from "./explicit-cache-breakpoints.js";
import { provider } from "./provider.js";

/** Options of {@link toResponsesParams}. */
export interface ResponsesParamsOptions {
  /**
   * Where the base instructions go: the request's `instructions` field (the default), or a
   * leading developer message of `input`, which is what Codex 0.169 sends.
   */
  readonly instructionsAs?: "instructions" | "developer-message";
  /**
   * The `prompt_cache_key` to send: keep it the same for every request of a session (its id,
   * as Codex uses its thread id) so the provider routes them to the same prompt cache.
   */
  readonly promptCacheKey?: string;
  /**
   * Whether the API keeps the response (its `store` field, sent only when given). With
   * `store: false`, as Codex sends it, the mapping also asks for
   * `include: ["reasoning.encrypted_content"]`: a reasoning model's reasoning then comes back
   * encrypted and goes out again in the next request, which the API could not find by id
   * otherwise. Give `store` here rather than beside the mapping, so the two go together.
   */
  readonly store?: boolean;
  /**
   * OpenAI's explicit prompt caching, for the models that take it (GPT-5.6 and later; others
   * refuse the field): sends `prompt_cache_options: { mode: "explicit", ttl }` and puts
   * `prompt_cache_breakpoint` on the opening developer messages and on the last item that can
   * carry one, so nothing but those prefixes is cached; tool outputs given as text go as a list of
   * one text part, which can carry it. `ttl` is `30m` (OpenAI's default) or `12h`. Without it,
   * OpenAI caches prefixes by itself.
   */
  readonly promptCache?: { readonly mode: "explicit"; readonly ttl?: PromptCacheTtl };
  /**
   * Asks the API to compare this request's prompt with the one of an earlier response (prompt
   * cache diagnostics): `comparisonResponseId` is that response's `id`, sent as
   * `prompt_cache_options.comparison_response_id`, and `model` the catalog's entry of the model
   * the request goes to (`@ctx/prompts`' `ModelInfo`). Sent only when the entry has
   * `promptCacheDiagnostics` (GPT-5.6 and later): the API refuses the field for other models.
   * `fromResponse` maps the report to `cacheDiagnostics`.
   */
  readonly diagnostics?: {
    readonly comparisonResponseId: string;
    readonly model: { readonly promptCacheDiagnostics?: object | undefined };
  };
}

/** The part of a Responses API request that a model request decides. */
export interface ResponsesParams {
  instructions?: string;
  input: ResponseInputItem[];
  prompt_cache_key?: string;
  store?: boolean;
  include?: ResponseIncludable[];
  prompt_cache_options?: ResponseCreateParams.PromptCacheOptions;
}

/** The schema of {@link ResponsesParamsOptions}. */
export const responsesParamsOptionsSchema = lazySchema(() =>
  z.strictObject({
    instructionsAs: z.enum(["instructions", "developer-message"]).optional(),
    promptCacheKey: z.string().min(1).optional(),
    store: z.boolean().optional(),
    promptCache: z
      .strictObject({ mode: z.literal("explicit"), ttl: z.enum(["30m", "12h"]).optional() })
      .optional(),
    diagnostics: z
      .strictObject({
        comparisonResponseId: z.string().min(1),
        model: z.looseObject({ promptCacheDiagnostics: z.object({}).optional() }),
      })
      .optional(),
  }),
);

/** Each item converted once per process while it lives (see `createItemMapper`). */
const itemMapper = createItemMapper(toResponsesInputItem);
/** The same for explicit prompt caching, whose tool outputs all go as lists. */
const explicitItemMapper = createItemMapper((item: ResponseItem, index: number) => {
  const converted = toResponsesInputItem(item, index);
  return converted === undefined ? undefined : withListOutput(converted);
});

const toError = (problems: string) => new AdapterError("invalid-argument", problems, { provider });
const optionsArgumentSchema = lazySchema(() => z.object({ options: responsesParamsOptionsSchema }));

/**
 * Maps a model request to the Responses API's `instructions`, `input` and `prompt_cache_key`
 * (and `store`, with `include: ["reasoning.encrypted_content"]` when it is `false`, and
 * `prompt_cache_options` with explicit breakpoints when `promptCache` asks for them); spread the
 * result into `client.responses.create` beside the model and tools.
 *
 * Items go on the wire as they are, with the adjustments the API's input types ask for:
 * messages lose their `id`; an assistant message becomes the short form whose content is its
 * text; an image without a `detail` gets `"auto"`, the API's default; a reasoning item without an
 * `id` (Codex does not record one) is left out, since the SDK's input type requires it.
 *
 * Each item a session holds is converted once: the items of `input` are frozen and kept for the
 * next request of the session, which then costs only its new items (see `createItemMapper` in
 * `@ctx/protocol`); the `input` array is the one the previous request of the session got,
 * grown: send it, or copy it to keep it.
 *
 * @throws {AdapterError} when the request or the options do not fit their schemas, or an
 * item cannot be sent: an `output_text` part outside an assistant message, an image in an
 * assistant message.
 * @example
 * ```ts
 * const response = await client.responses.create({
 *   model: "gpt-5.1-codex",
 *   ...toResponsesParams(request, { promptCacheKey: session.id }),
 * });
 * ```
 */
export function toResponsesParams(
  request: ModelInput,
  options: ResponsesParamsOptions = {},
): ResponsesParams {
  parseWithSchema(optionsArgumentSchema, { options }, toError);
  const { instructionsAs = "instructions", promptCacheKey, store, promptCache } = options;
  const mapper = promptCache === undefined ? itemMapper : explicitItemMapper;
  let params: ResponsesParams;
  if (instructionsAs === "instructions") {
    // Mapped first: the mapper checks the request before its instructions are read.
    const input = mapper.map(request, { toError, path: "request" });
    params = { instructions: request.instructions, input };
  } else {
    params = {
      input: mapper.map(request, {
        toError,
        path: "request",
        before: (checked) => [
          {
            type: "message",
            role: "developer",
            content: [{ type: "input_text", text: checked.instructions }],
          },
        ],
      }),
    };
  }
  if (promptCacheKey !== undefined) params.prompt_cache_key = promptCacheKey;
  if (store !== undefined) params.store = store;
  if (store === false) params.include = ["reasoning.encrypted_content"];
  if (promptCache !== undefined) {
    params.input = withExplicitBreakpoints(params.input);
    // The SDK's oldest supported version types `ttl` as `30m` alone; the API takes `12h` too.
    params.prompt_cache_options = { ...promptCache } as ResponseCreateParams.PromptCacheOptions;
  }
  const { diagnostics } = options;
  if (diagnostics?.model.promptCacheDiagnostics !== undefined) {
    params.prompt_cache_options = {
      ...params.prompt_cache_options,
      comparison_response_id: diagnostics.comparisonResponseId,
    } as ResponseCreateParams.PromptCacheOptions;
  }
  return params;
}

function toResponsesInputItem(item: ResponseItem, index: number): ResponseInputItem | undefined {
  switch (item.type) {
    case "message":
      return item.role === "assistant"
        ? toAssistantMessage(item, index)
        : toInputMessage(item, item.role, index);
    case "function_call":
      return withId(
        { type: item.type, call_id: item.call_id, name: item.name, arguments: item.arguments },
        item.id,
      );
    case "function_call_output":
      return {
        type: item.type,
        call_id: item.call_id,
        output: toToolOutput(item.output),
      };
    case "custom_tool_call":
      return withId(
        { type: item.type, call_id: item.call_id, name: item.name, input: item.input },
        item.id,
      );
    case "custom_tool_call_output":
      return { type: item.type, call_id: item.call_id, output: toToolOutput(item.output) };
    case "reasoning": {
      if (item.id === undefined) return undefined;
      return {
        type: item.type,
        id: item.id,
        summary: item.summary.map(({ type, text }) => ({ type, text })),
        ...(item.content == null
          ? {}
          : { content: item.content.map(({ type, text }) => ({ type, text })) }),
        ...(item.encrypted_content === undefined
          ? {}
          : { encrypted_content: item.encrypted_content }),
      };
    }
    case "compaction":
      return withId({ type: item.type, encrypted_content: item.encrypted_content }, item.id);
  }
}

function withId<Item extends object>(item: Item, id: string | undefined): Item & { id?: string } {
  return id === undefined ? item : { ...item, id };
}

function toInputMessage(
  item: MessageItem,
  role: ResponseInputItem.Message["role"],
  index: number,
): ResponseInputItem.Message {
  return {
    type: "message",
    role,
    content: item.content.map((part): ResponseInputContent => {
      if (part.type === "output_text") {
        throw new AdapterError(
          "invalid-argument",
          `input[${index}] is a ${item.role} message with output_text content, which only an assistant message may carry`,
          { provider, index },
        );
      }
      return part.type === "input_text" ? { type: "input_text", text: part.text } : toImage(part);
    }),
  };
}

function toAssistantMessage(item: MessageItem, index: number): EasyInputMessage {
  const message: EasyInputMessage = {
    type: "message",
    role: "assistant",
    content: item.content.map((part) => assistantText(part, index)).join(""),
  };
  // Codex marks an assistant message as commentary or a final answer; the field survives parsing.
  const phase = "phase" in item ? item.phase : undefined;
  if (phase === "commentary" || phase === "final_answer") message.phase = phase;
  return message;
}

function assistantText(part: ContentItem, index: number): string {
  if (part.type === "input_image") {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is an assistant message with an image, which the Responses API does not take as input`,
      { provider, index },
    );
  }
  return part.text;
}

function toImage(image: InputImageContent): ResponseInputImage {
  const result: ResponseInputImage = { type: "input_image", detail: image.detail ?? "auto" };
  if (image.image_url !== undefined) result.image_url = image.image_url;
  if (image.file_id !== undefined) result.file_id = image.file_id;
  return result;
}

/** A tool's output as both output items take it: text, or input text and images. */
function toToolOutput(output: ToolOutput): string | (ResponseInputText | ResponseInputImage)[] {
  if (typeof output === "string") return output;
  return output.map((part) =>
    part.type === "input_text" ? { type: "input_text", text: part.text } : toImage(part),
  );
}

/**
 * A tool's text output as a list of one input text part, the form that can carry a breakpoint:
 * in explicit mode every text output goes in that form, so no item changes its bytes between the
 * request that marks it and the next.
 */
function withListOutput(item: ResponseInputItem): ResponseInputItem {
  if (
    (item.type === "function_call_output" || item.type === "custom_tool_call_output") &&
    typeof item.output === "string"
  ) {
    return { ...item, output: [{ type: "input_text" as const, text: item.output }] };
  }
  return item;
}
