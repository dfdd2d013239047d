import { lazySchema } from "@ctx/protocol/internal";
import { isWhiteSpace } from "@ctx/text";
import { z } from "zod";
import { SessionError } from "../session-error.js";
import type {
  ClaudeCodeAuthor,
  ClaudeCodeBlock,
  ClaudeCodeJson,
  ClaudeCodeToolResultPart,
  ClaudeCodeUsage,
} from "./claude-code-record.js";

// The bodies of Claude Code's `user`, `assistant` and `system` records, checked against the
// shape they should have and cut into blocks with their authors; which thread a record belongs
// to and who wrote a whole record is the record reader's.

const kindPattern = /^[a-z][a-z0-9_]{0,63}$/;
const reminderStart = "<system-reminder>";
const reminderEnd = "</system-reminder>";
/** The text Claude Code puts in the user's place when the user stops a request. */
const interruption = /^\[Request interrupted by user[^\]\n]*\]$/;
/** The model Claude Code names on the messages it writes itself (an API error, say). */
const syntheticModel = "<synthetic>";

const block = lazySchema(() => z.looseObject({ type: z.string() }));
const content = lazySchema(() => z.union([z.string(), z.array(block)]));
const count = lazySchema(() => z.number().int().nonnegative().nullish());

const userSchema = lazySchema(() =>
  z.object({
    message: z.object({ content }),
    isMeta: z.boolean().nullish(),
    isCompactSummary: z.boolean().nullish(),
  }),
);

const assistantSchema = lazySchema(() =>
  z.object({
    message: z.object({
      id: z.string().nullish(),
      model: z.string().nullish(),
      content,
      usage: z
        .object({
          input_tokens: count,
          cache_creation_input_tokens: count,
          cache_read_input_tokens: count,
          output_tokens: count,
        })
        .nullish(),
    }),
  }),
);

const systemSchema = lazySchema(() =>
  z.object({
    subtype: z.string().nullish(),
    compactMetadata: z
      .object({ trigger: z.string().nullish(), preTokens: count })
      .nullish()
      .catch(undefined),
  }),
);

/** The blocks whose fields are read, by type; a block of another type is kept as its JSON. */
const blockSchemas = {
  text: lazySchema(() => z.looseObject({ text: z.string() })),
  image: lazySchema(() =>
    z.looseObject({ source: z.looseObject({ data: z.string().optional() }) }),
  ),
  tool_result: lazySchema(() =>
    z.looseObject({
      tool_use_id: z.string().nullish(),
      content: content.nullish(),
      is_error: z.boolean().nullish(),
    }),
  ),
  thinking: lazySchema(() =>
    z.looseObject({ thinking: z.string(), signature: z.string().nullish() }),
  ),
  redacted_thinking: lazySchema(() => z.looseObject({ data: z.string() })),
  tool_use: lazySchema(() => z.looseObject({ name: z.string(), id: z.string().nullish() })),
} as const;

type BlockType = keyof typeof blockSchemas;
type Block = {
  [Type in BlockType]: { type: Type } & z.infer<(typeof blockSchemas)[Type]>;
}[BlockType];
type Other = { readonly type: "other"; readonly kind: string; readonly json: string };

/** A block as its JSON, and the kind it counts as. */
function asOther(each: Block | Other): Other {
  return each.type === "other"
    ? each
    : { type: "other", kind: each.type, json: JSON.stringify(each) };
}

/** A line's record failed its schema; the message names the field. The record reader catches it. */
export class UnfitRecord extends SessionError {}

function reasonOf(record: string, error: z.ZodError, prefix: readonly PropertyKey[]): string {
  const issue = error.issues[0];
  const path = [...prefix, ...(issue?.path ?? [])].map(String).join(".");
  return `a Claude Code ${record} record whose ${path === "" ? "shape" : path} does not fit (${issue?.message ?? "invalid"})`;
}

function checked<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  record: string,
  prefix: readonly PropertyKey[] = [],
): z.infer<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new UnfitRecord("unreadable-rollout", reasonOf(record, parsed.error, prefix));
  }
  return parsed.data;
}

/** The blocks of a message: a string is one text block. */
function blocksOf(
  value: z.infer<typeof content>,
  record: string,
  prefix: readonly PropertyKey[],
): (Block | Other)[] {
  if (typeof value === "string") return [{ type: "text", text: value }];
  return value.map((each, index): Block | Other => {
    const type = each.type;
    if (!Object.hasOwn(blockSchemas, type)) {
      return {
        type: "other",
        kind: kindPattern.test(type) ? type : "unknown",
        json: JSON.stringify(each),
      };
    }
    // Checked, and kept as it is: its JSON, key order included, is what the model was sent.
    checked(blockSchemas[type as BlockType], each, record, [...prefix, index]);
    return each as Block;
  });
}

/**
 * The text of `text` cut before the `<system-reminder>` blocks it ends with (Claude Code
 * appends them to tool results), and those blocks, each with the white space before it.
 */
function splitTrailingReminders(text: string): { body: string; reminders: string[] } {
  const reminders: string[] = [];
  let end = text.length;
  for (;;) {
    let stop = end;
    while (stop > 0 && isWhiteSpace(text.charCodeAt(stop - 1))) stop -= 1;
    if (!text.startsWith(reminderEnd, stop - reminderEnd.length)) break;
    const start = text.lastIndexOf(reminderStart, stop - reminderEnd.length);
    if (start === -1) break;
    let from = start;
    while (from > 0 && isWhiteSpace(text.charCodeAt(from - 1))) from -= 1;
    reminders.push(text.slice(from, end));
    end = from;
  }
  return { body: text.slice(0, end), reminders: reminders.reverse() };
}

const sourceOf = (image: Block & { type: "image" }): ClaudeCodeJson =>
  image.source as ClaudeCodeJson;

/** What a tool result sent: its texts (the reminders Claude Code added apart), images, the rest. */
function toolResultBlock(
  result: Block & { type: "tool_result" },
  record: string,
  prefix: readonly PropertyKey[],
): ClaudeCodeBlock {
  const parts =
    result.content === undefined || result.content === null
      ? []
      : blocksOf(result.content, record, [...prefix, "content"]);
  return {
    type: "tool_result",
    toolUseId: result.tool_use_id ?? undefined,
    isError: result.is_error === true,
    parts: parts.map((part): ClaudeCodeToolResultPart => {
      if (part.type === "text") {
        const { body, reminders } = splitTrailingReminders(part.text);
        return { type: "text", text: body, reminders };
      }
      if (part.type === "image") return { type: "image", source: sourceOf(part) };
      return { type: "other", json: asOther(part).json };
    }),
  };
}

const otherBlock = (author: ClaudeCodeAuthor, each: Block | Other): ClaudeCodeBlock => {
  const other = asOther(each);
  return { type: "other", author, kind: other.kind, json: other.json };
};

/**
 * The blocks of a user record. What Claude Code wrote in the user's place says so in the record:
 * `isMeta` (hook feedback, command caveats, system reminders), `isCompactSummary` (the summary a
 * compaction left), tool results; `harness`, when the reader found the whole record written by
 * Claude Code (a task notification, a command's expansion or output), is the kind of its texts.
 * Every other text is what the person typed, whatever it looks like; only Claude Code's own
 * interruption notice (a text block of its own) is told apart by its text.
 */
export function userBlocks(line: unknown, harness: string | undefined): ClaudeCodeBlock[] {
  const record = checked(userSchema, line, "user");
  const blocks = blocksOf(record.message.content, "user", ["message", "content"]);
  return blocks.map((each, index): ClaudeCodeBlock => {
    const text = each.type === "text" ? each.text : undefined;
    const injected = (kind: string): ClaudeCodeBlock =>
      text === undefined
        ? { type: "other", author: "injected", kind, json: asOther(each).json }
        : { type: "text", author: "injected", kind, text };
    if (record.isCompactSummary === true) return injected("compaction_summary");
    if (record.isMeta === true) {
      return injected(
        text?.trimStart().startsWith(reminderStart) === true ? "system_reminder" : "meta_message",
      );
    }
    if (each.type === "tool_result") {
      return toolResultBlock(each, "user", ["message", "content", index]);
    }
    if (harness !== undefined) return injected(harness);
    if (text !== undefined) {
      return typeof record.message.content !== "string" && interruption.test(text.trim())
        ? injected("interruption")
        : { type: "text", author: "user", kind: "user_intent", text };
    }
    if (each.type === "image") return { type: "image", author: "user", source: sourceOf(each) };
    return otherBlock("other", each);
  });
}

/** An assistant record: its message id, the model it names, its blocks and reported usage. */
export function assistantParts(line: unknown): {
  messageId: string | undefined;
  model: string | undefined;
  blocks: ClaudeCodeBlock[];
  usage: ClaudeCodeUsage | undefined;
} {
  const { message } = checked(assistantSchema, line, "assistant");
  const blocks = blocksOf(message.content, "assistant", ["message", "content"]).map(
    (each): ClaudeCodeBlock => {
      if (each.type === "text") {
        return { type: "text", author: "model", kind: "assistant_message", text: each.text };
      }
      if (each.type === "thinking") {
        const signature = each.signature ?? undefined;
        return { type: "thinking", text: each.thinking, signature };
      }
      if (each.type === "redacted_thinking") return { type: "redacted_thinking", data: each.data };
      if (each.type === "tool_use") {
        return {
          type: "tool_use",
          id: each.id ?? undefined,
          name: each.name,
          input: (each.input ?? {}) as ClaudeCodeJson,
          json: JSON.stringify(each),
        };
      }
      return otherBlock("model", each);
    },
  );
  const usage = message.usage;
  const fresh = usage?.input_tokens ?? 0;
  const written = usage?.cache_creation_input_tokens ?? 0;
  const read = usage?.cache_read_input_tokens ?? 0;
  return {
    messageId: message.id ?? undefined,
    model:
      typeof message.model === "string" && message.model !== syntheticModel
        ? message.model
        : undefined,
    blocks,
    usage:
      usage !== undefined && usage !== null && fresh + written + read > 0
        ? { input: fresh + written + read, cached: read, output: usage.output_tokens ?? 0 }
        : undefined,
  };
}

/** A `system` record: a compaction boundary's trigger and size, or nothing sent. */
export function systemParts(
  line: unknown,
): { trigger: string | undefined; tokensBefore: number | undefined } | undefined {
  const record = checked(systemSchema, line, "system");
  if (record.subtype !== "compact_boundary") return undefined;
  const metadata = record.compactMetadata ?? undefined;
  return {
    trigger: metadata?.trigger ?? undefined,
    tokensBefore: metadata?.preTokens ?? undefined,
  };
}
