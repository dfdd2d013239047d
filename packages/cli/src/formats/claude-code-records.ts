import { lazySchema } from "@ctx/protocol/internal";
import { CtxError, isWhiteSpace } from "@ctx/text";
import { z } from "zod";
import type { ItemCategory, ItemPiece, RolloutEntry } from "./transcript-entry.js";

// The bodies of Claude Code's `user`, `assistant` and `system` records, checked against the
// shape they should have and cut into texts; which thread a record belongs to and who wrote a
// whole record is the reader's (`claude-code-reader.ts`).

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

/**
 * The blocks whose fields are read, by type, keeping every field (a block's JSON is what the
 * model was sent); a block of another type is kept as its JSON.
 */
const blockSchemas = {
  text: lazySchema(() => z.looseObject({ text: z.string() })),
  image: lazySchema(() =>
    z.looseObject({ source: z.looseObject({ data: z.string().optional() }) }),
  ),
  tool_result: lazySchema(() => z.looseObject({ content: content.nullish() })),
  thinking: lazySchema(() =>
    z.looseObject({ thinking: z.string(), signature: z.string().nullish() }),
  ),
  redacted_thinking: lazySchema(() => z.looseObject({ data: z.string() })),
  tool_use: lazySchema(() => z.looseObject({ name: z.string() })),
} as const;

type BlockType = keyof typeof blockSchemas;
type Block = {
  [Type in BlockType]: { type: Type } & z.infer<(typeof blockSchemas)[Type]>;
}[BlockType];
type Other = { readonly type: "other"; readonly kind: string; readonly json: string };

/** A block as its JSON, and the kind it counts as. */
function asOther(block: Block | Other): Other {
  return block.type === "other"
    ? block
    : { type: "other", kind: block.type, json: JSON.stringify(block) };
}

/** A line's record failed its schema; the reason names the field. Caught by the reader. */
export class Unfit extends CtxError<"unfit"> {}

function reasonOf(record: string, error: z.ZodError, prefix: readonly PropertyKey[] = []): string {
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
  if (!parsed.success) throw new Unfit("unfit", reasonOf(record, parsed.error, prefix));
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

const piece = (category: ItemCategory, kind: string, text: string, opaque = false): ItemPiece =>
  opaque ? { category, kind, text, opaque } : { category, kind, text };

/** An image's JSON without its data, and the data apart as opaque bytes. */
function imagePieces(image: Block & { type: "image" }, category: ItemCategory): ItemPiece[] {
  const { data, ...source } = image.source;
  return [
    piece(category, "image", JSON.stringify({ type: "image", source })),
    ...(typeof data === "string" && data !== "" ? [piece(category, "image_data", data, true)] : []),
  ];
}

/** What a tool result sent: its texts as tool output, the reminders Claude Code added as context. */
function toolResultPieces(
  result: Block & { type: "tool_result" },
  record: string,
  prefix: readonly PropertyKey[],
): ItemPiece[] {
  const parts =
    result.content === undefined || result.content === null
      ? []
      : blocksOf(result.content, record, [...prefix, "content"]);
  return parts.flatMap((part): ItemPiece[] => {
    if (part.type === "text") {
      const { body, reminders } = splitTrailingReminders(part.text);
      return [
        piece("tool", "tool_result", body),
        ...reminders.map((reminder) => piece("injected", "system_reminder", reminder)),
      ];
    }
    if (part.type === "image") return imagePieces(part, "tool");
    return [piece("tool", "tool_result", asOther(part).json)];
  });
}

/**
 * The texts of a user record. What Claude Code wrote in the user's place says so in the record:
 * `isMeta` (hook feedback, command caveats, system reminders), `isCompactSummary` (the summary a
 * compaction left), tool results; `harness`, when the reader found the whole record written by
 * Claude Code (a task notification, a command's expansion or output), is the kind of its texts.
 * Every other text is what the person typed, whatever it looks like; only a tool result's
 * trailing `<system-reminder>` blocks and Claude Code's own interruption notice (a text block of
 * its own) are told apart by their text.
 */
export function userEntries(line: unknown, harness: string | undefined): RolloutEntry[] {
  const record = checked(userSchema, line, "user");
  const blocks = blocksOf(record.message.content, "user", ["message", "content"]);
  const entries: RolloutEntry[] = [];
  const add = (each: ItemPiece) => entries.push({ type: "piece", piece: each });
  blocks.forEach((each, index) => {
    const text = each.type === "text" ? each.text : undefined;
    if (record.isCompactSummary === true) {
      add(piece("injected", "compaction_summary", text ?? asOther(each).json));
    } else if (record.isMeta === true) {
      const reminder = text?.trimStart().startsWith(reminderStart) === true;
      add(
        piece(
          "injected",
          reminder ? "system_reminder" : "meta_message",
          text ?? asOther(each).json,
        ),
      );
    } else if (each.type === "tool_result") {
      for (const part of toolResultPieces(each, "user", ["message", "content", index])) add(part);
    } else if (harness !== undefined) {
      add(piece("injected", harness, text ?? asOther(each).json));
    } else if (text !== undefined) {
      if (typeof record.message.content !== "string" && interruption.test(text.trim())) {
        add(piece("injected", "interruption", text));
        entries.push({ type: "aborted" });
      } else add(piece("user", "user_intent", text));
    } else if (each.type === "image") {
      for (const part of imagePieces(each, "user")) add(part);
    } else {
      const other = asOther(each);
      add(piece("other", other.kind, other.json));
    }
  });
  return entries;
}

/** The texts of an assistant record, the model it names, and the usage it reports. */
export function assistantEntries(line: unknown): RolloutEntry[] {
  const { message } = checked(assistantSchema, line, "assistant");
  const blocks = blocksOf(message.content, "assistant", ["message", "content"]);
  const id = message.id ?? undefined;
  const model = (kind: string, text: string, opaque = false): RolloutEntry => ({
    type: "piece",
    piece: { ...piece("model", kind, text, opaque), ...(id === undefined ? {} : { message: id }) },
  });
  const entries: RolloutEntry[] = [];
  if (typeof message.model === "string" && message.model !== syntheticModel) {
    entries.push({ type: "turn", id: undefined, model: message.model });
  }
  for (const each of blocks) {
    if (each.type === "text") entries.push(model("assistant_message", each.text));
    else if (each.type === "thinking") {
      entries.push(model("thinking", each.thinking));
      if (typeof each.signature === "string" && each.signature !== "") {
        entries.push(model("thinking_signature", each.signature, true));
      }
    } else if (each.type === "redacted_thinking")
      entries.push(model("redacted_thinking", each.data, true));
    else if (each.type === "tool_use") {
      const call = model("tool_use", JSON.stringify(each));
      // The model reads a call's name and its input; its id only pairs it with its result.
      const words = [each.name, JSON.stringify(each.input ?? {})];
      entries.push(call.type === "piece" ? { ...call, piece: { ...call.piece, words } } : call);
    } else {
      const other = asOther(each);
      entries.push(model(other.kind, other.json));
    }
  }
  const usage = message.usage;
  const fresh = usage?.input_tokens ?? 0;
  const written = usage?.cache_creation_input_tokens ?? 0;
  const read = usage?.cache_read_input_tokens ?? 0;
  if (usage !== undefined && usage !== null && fresh + written + read > 0) {
    entries.push({
      type: "usage",
      usage: {
        input: fresh + written + read,
        cached: read,
        output: usage.output_tokens ?? 0,
        reasoning: 0,
      },
      ...(id === undefined ? {} : { copyOf: id }),
    });
  }
  return entries;
}

/** A compaction boundary: the history so far is replaced by the summary on a later line. */
export function systemEntries(line: unknown): RolloutEntry[] {
  const record = checked(systemSchema, line, "system");
  if (record.subtype !== "compact_boundary") return [];
  const metadata = record.compactMetadata ?? undefined;
  const trigger = metadata?.trigger ?? undefined;
  const before = metadata?.preTokens ?? undefined;
  const said = [
    ...(trigger === undefined ? [] : [`${trigger} compaction`]),
    ...(before === undefined ? [] : [`${before} tokens before`]),
  ];
  return [
    {
      type: "compaction",
      replacement: [],
      detail: `Claude Code compacted the conversation${said.length === 0 ? "" : ` (${said.join(", ")})`}: the history is replaced by the summary that follows`,
    },
  ];
}
