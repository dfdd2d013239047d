import type {
  CacheControlEphemeral,
  ContentBlockParam,
  ImageBlockParam,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages/messages";
import {
  AdapterError,
  type ContentItem,
  type InputImageContent,
  type ModelInput,
  type ResponseItem,
  type ToolOutput,
} from "@ctx/protocol";
import { lazySchema, parseWithSchema } from "@ctx/protocol/internal";
import { createMessageMapper } from "@ctx/protocol/mapping";
import { z } from "zod";
import { withBreakpoint } from "./cache-breakpoints.js";
import { claudeBlockOf } from "./content-blocks.js";
import { developerContext } from "./developer-context.js";
import { provider } from "./provider.js";
import { shieldDeveloperContext } from "./shield-developer-context.js";

/** Options of {@link toMessagesParams}. */
export interface MessagesParamsOptions {
  /**
   * How a developer message after the start of the conversation travels: as text in the user
   * turn, wrapped in `<developer_context>` (the default; every Claude model and compatible
   * server reads it), or as a `system` message at its position, for models that take
   * mid-conversation system messages. Developer messages before the first other item always
   * join the top-level `system`.
   */
  readonly developerMessages?: "user-text" | "system-messages";
  /**
   * The cache control put on each breakpoint, or `false` for none. The default is
   * `{ type: "ephemeral" }`, the five-minute cache.
   */
  readonly cacheControl?: CacheControlEphemeral | false;
  /**
   * Asks the API to compare this request's prompt with the one of an earlier answer (Anthropic's
   * cache diagnostics): `previousMessageId` is that answer's `id` (`msg_…`), or `null` on a
   * session's first request, to opt in with nothing to compare yet. Sent as the request's
   * `diagnostics`; the API reads it only with the `anthropic-beta: cache-diagnosis-2026-04-07`
   * header. `fromMessage` maps the answer's report to `cacheDiagnostics`.
   */
  readonly diagnostics?: { readonly previousMessageId: string | null };
}

/** The part of a Messages API request that a model request decides. */
export interface MessagesParams {
  system: TextBlockParam[];
  messages: MessageParam[];
  /** Present when the `diagnostics` option asked for a cache comparison. */
  diagnostics?: { previous_message_id: string | null };
}

/** The schema of {@link MessagesParamsOptions}. */
export const messagesParamsOptionsSchema = lazySchema(() =>
  z.strictObject({
    developerMessages: z.enum(["user-text", "system-messages"]).optional(),
    cacheControl: z
      .union([
        z.literal(false),
        z.strictObject({ type: z.literal("ephemeral"), ttl: z.enum(["5m", "1h"]).optional() }),
      ])
      .optional(),
    diagnostics: z.strictObject({ previousMessageId: z.string().min(1).nullable() }).optional(),
  }),
);

const optionsArgumentSchema = lazySchema(() => z.object({ options: messagesParamsOptionsSchema }));

const toError = (problems: string) => new AdapterError("invalid-argument", problems, { provider });

/**
 * What one item becomes: its blocks and the side they go to, and for a developer or system
 * message its texts, which join the top-level `system` when the message opens the input.
 */
interface Piece extends Turn {
  readonly system: readonly string[] | undefined;
}

/** For each way of sending a later developer message, each item converted once. */
const messageMappers = {
  "user-text": messageMapper("user-text"),
  "system-messages": messageMapper("system-messages"),
};

function messageMapper(developerMessages: "user-text" | "system-messages") {
  return createMessageMapper<Piece, MessageParam>({
    convert: (item, index) => convertItem(item, index, developerMessages),
    leads: (piece) => piece.system !== undefined,
    runOf: (piece) => piece.role,
    join: (run) =>
      toMessage(
        run[0]?.role ?? "user",
        run.flatMap((piece) => piece.blocks),
      ),
  });
}

function convertItem(
  item: ResponseItem,
  index: number,
  developerMessages: "user-text" | "system-messages",
): Piece | undefined {
  const turn = toTurn(item, index, developerMessages);
  if (turn === undefined) return undefined;
  const system =
    item.type === "message" && (item.role === "developer" || item.role === "system")
      ? item.content.map((part) => systemText(part, index))
      : undefined;
  return { ...turn, system };
}

const imageMediaTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
type ImageMediaType = (typeof imageMediaTypes)[number];

/**
 * Maps a model request to the Messages API's `system` and `messages`.
 *
 * Anthropic has no developer role. The base instructions and the developer messages that open
 * the input (the context a session sends first) become the top-level `system` blocks: they are
 * stable for the whole session, so they sit at the front of the cached prefix. A developer
 * message later in the input (a settings change) stays at its position, so the prefix before it
 * is untouched: as text in the user turn wrapped in `<developer_context>` by default, or as a
 * mid-conversation `system` message when asked. Moving it into `system` instead would rewrite
 * the front of the prompt and lose the whole cache on every settings change. So that no other
 * text can pass for such a wrapper, `<developer_context>` and `</developer_context>` in the text
 * of user turns (AGENTS.md included), tool results and the model's own turns are neutralised
 * (`&lt;developer_context>`, as the fragments' marker guard does).
 *
 * Consecutive items of one side merge into one message (tool calls into the assistant turn,
 * their results into the next user turn). Cache breakpoints go where the stable prefix ends, the
 * four the API allows: on the last `system` block, on the first when there are more (the base
 * instructions, which a compaction's request reads back once the opening developer context has
 * moved into the conversation), on the last block of the last message (where the next request
 * continues) and on the message before it, within 19 blocks of its start (never on a thinking
 * block, which the API refuses it on).
 * A reasoning item recorded from a Claude answer (`fromMessage`) goes back as the thinking,
 * redacted thinking or server tool block it came from, where it was; other reasoning items are
 * left out: they are another provider's.
 *
 * @throws {AdapterError} when the request or the options do not fit their schemas, or an
 * item cannot be sent: a compaction item, an image given by file id or of a type Claude does not
 * read, function call arguments that are not a JSON object.
 * @example
 * ```ts
 * const message = await client.messages.create({
 *   model: "claude-sonnet-4-5",
 *   max_tokens: 4096,
 *   ...toMessagesParams(request),
 * });
 * ```
 */
export function toMessagesParams(
  request: ModelInput,
  options: MessagesParamsOptions = {},
): MessagesParams {
  parseWithSchema(optionsArgumentSchema, { options }, toError);
  const { developerMessages = "user-text", cacheControl = { type: "ephemeral" } } = options;
  const { leading, messages } = messageMappers[developerMessages].map(request, {
    toError,
    path: "request",
    // The mapper's messages are frozen and go on into the next request: it puts the marked
    // copies of the last two in the array it returns, and its own back once they are not last.
    ...(cacheControl === false
      ? {}
      : {
          marked: {
            count: 2,
            mark: (message, fromEnd) => withBreakpoint(message, cacheControl, fromEnd),
          },
        }),
  });
  const { instructions } = request;
  // The API refuses an empty text block, and empty instructions say nothing.
  const system: TextBlockParam[] =
    instructions === "" ? [] : [{ type: "text", text: instructions }];
  for (const piece of leading) {
    for (const text of piece.system ?? []) system.push({ type: "text", text });
  }
  if (cacheControl !== false) {
    // The base instructions stay when a compaction moves the opening developer context out of
    // `system` (Codex 0.171 puts it before the last kept user message), so they get an entry of
    // their own: the tools and the instructions are read back after every compaction.
    const first = system[0];
    const last = system.at(-1);
    if (first !== undefined && first !== last) first.cache_control = { ...cacheControl };
    if (last !== undefined) last.cache_control = { ...cacheControl };
  }
  const { diagnostics } = options;
  return diagnostics === undefined
    ? { system, messages }
    : { system, messages, diagnostics: { previous_message_id: diagnostics.previousMessageId } };
}

/** The blocks this mapping makes. */
type Block = ContentBlockParam;

/** One message under construction: consecutive items of one side. */
interface Turn {
  readonly role: MessageParam["role"];
  readonly blocks: readonly Block[];
}

function toMessage(role: MessageParam["role"], blocks: Block[]): MessageParam {
  // A system turn only ever receives text blocks; the filter states it for the compiler.
  return role === "system"
    ? { role: "system", content: blocks.filter((block) => block.type === "text") }
    : { role, content: blocks };
}

function toTurn(
  item: ResponseItem,
  index: number,
  developerMessages: "user-text" | "system-messages",
): Turn | undefined {
  switch (item.type) {
    case "reasoning": {
      // Claude's own thinking and server tool blocks go back where they were; reasoning of
      // another provider's is left out.
      const block = claudeBlockOf(item);
      return block === undefined ? undefined : { role: "assistant", blocks: [block] };
    }
    case "message": {
      if (item.role === "assistant") {
        return {
          role: "assistant",
          blocks: item.content.map((part) => toAssistantText(part, index)),
        };
      }
      if (item.role === "user") {
        return { role: "user", blocks: item.content.map((part) => toUserBlock(part, index)) };
      }
      const texts = item.content.map((part) => systemText(part, index));
      if (developerMessages === "system-messages") {
        return { role: "system", blocks: texts.map((text) => ({ type: "text", text })) };
      }
      return {
        role: "user",
        blocks: texts.map((text) => ({
          type: "text",
          text: developerContext.create({ text }).render(),
        })),
      };
    }
    case "function_call": {
      const input = parseArguments(item.arguments, index);
      return {
        role: "assistant",
        blocks: [{ type: "tool_use", id: item.call_id, name: item.name, input }],
      };
    }
    case "custom_tool_call": {
      // A Claude tool takes a JSON object, so a free-form tool's text travels as its `input` field.
      const input = { input: item.input };
      return {
        role: "assistant",
        blocks: [{ type: "tool_use", id: item.call_id, name: item.name, input }],
      };
    }
    case "function_call_output":
    case "custom_tool_call_output":
      return { role: "user", blocks: [toToolResult(item.call_id, item.output, index)] };
    case "compaction":
      throw new AdapterError(
        "invalid-argument",
        `input[${index}] is a compaction item, which only the OpenAI Responses API can read`,
        { provider, index },
      );
  }
}

function systemText(part: ContentItem, index: number): string {
  if (part.type === "input_image") {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is a developer message with an image; Claude takes images only in user turns`,
      { provider, index },
    );
  }
  return part.text;
}

function toAssistantText(part: ContentItem, index: number): TextBlockParam {
  if (part.type === "input_image") {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is an assistant message with an image, which Claude cannot be given`,
      { provider, index },
    );
  }
  return { type: "text", text: shieldDeveloperContext(part.text) };
}

function toUserBlock(part: ContentItem, index: number): TextBlockParam | ImageBlockParam {
  return part.type === "input_image"
    ? toImage(part, index)
    : { type: "text", text: shieldDeveloperContext(part.text) };
}

function toImage(image: InputImageContent, index: number): ImageBlockParam {
  const url = image.image_url;
  if (url === undefined) {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] has an image given by an OpenAI file id, which Claude cannot resolve`,
      { provider, index },
    );
  }
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (data === null) return { type: "image", source: { type: "url", url } };
  const mediaType = data[1];
  if (!isImageMediaType(mediaType)) {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] has an image of type ${mediaType}; Claude reads ${imageMediaTypes.join(", ")}`,
      { provider, index },
    );
  }
  return { type: "image", source: { type: "base64", media_type: mediaType, data: data[2] ?? "" } };
}

function isImageMediaType(value: string | undefined): value is ImageMediaType {
  return imageMediaTypes.some((type) => type === value);
}

function parseArguments(text: string, index: number): object {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is a function call whose arguments are not JSON`,
      { provider, index, cause: error },
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new AdapterError(
      "invalid-argument",
      `input[${index}] is a function call whose arguments are not a JSON object, which a Claude tool input must be`,
      { provider, index },
    );
  }
  return value;
}

function toToolResult(callId: string, output: ToolOutput, index: number): ToolResultBlockParam {
  return {
    type: "tool_result",
    tool_use_id: callId,
    content:
      typeof output === "string"
        ? shieldDeveloperContext(output)
        : output.map((part) =>
            part.type === "input_text"
              ? { type: "text", text: shieldDeveloperContext(part.text) }
              : toImage(part, index),
          ),
  };
}
