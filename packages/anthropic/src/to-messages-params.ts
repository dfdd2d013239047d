import type {
  CacheControlEphemeral,
  ContentBlockParam,
  MessageParam,
  TextBlockParam,
} from "@anthropic-ai/sdk/resources/messages/messages";
import { AdapterError, type ModelInput } from "@ctx/protocol";
import { lazySchema, parseWithSchema } from "@ctx/protocol/internal";
import { createMessageMapper } from "@ctx/protocol/mapping";
import { z } from "zod";
import { withBreakpoint } from "./cache-breakpoints.js";
import { convertItem, type Piece } from "./convert-item.js";
import { provider } from "./provider.js";

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
function toMessage(role: MessageParam["role"], blocks: ContentBlockParam[]): MessageParam {
  // A system turn only ever receives text blocks; the filter states it for the compiler.
  return role === "system"
    ? { role: "system", content: blocks.filter((block) => block.type === "text") }
    : { role, content: blocks };
}
