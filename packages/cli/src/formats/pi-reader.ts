import type { JsonValue } from "@ctx/protocol";
import { isJsonObject, type JsonObject } from "../json-object.js";
import type {
  ItemCategory,
  PieceWhere,
  ReportedUsage,
  RolloutEntry,
  SessionFacts,
} from "./transcript-entry.js";
import type { RecordReader, TranscriptReader } from "./transcript-reader.js";

/** The entry types pi writes after its header. */
const entryTypes = new Set([
  "message",
  "model_change",
  "thinking_level_change",
  "compaction",
  "branch_summary",
  "custom",
  "custom_message",
  "label",
  "session_info",
]);
/** How many entries' places in the tree are remembered, so a branch can go back to them. */
const placeMemory = 65_536;

const text = (value: JsonValue | undefined): string | undefined =>
  typeof value === "string" ? value : undefined;
const count = (value: JsonValue | undefined): number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;

const piece = (
  category: ItemCategory,
  kind: string,
  said: string,
  extra: {
    readonly opaque?: boolean;
    readonly words?: readonly string[];
  } & Partial<PieceWhere> = {},
) => ({ type: "piece", piece: { category, kind, text: said, ...extra } }) as const;

/** The pieces of a message's content: a string is one text; a block of another type is its JSON. */
function contentPieces(
  content: JsonValue | undefined,
  category: ItemCategory,
  kind: string,
): RolloutEntry[] {
  if (typeof content === "string") return [piece(category, kind, content)];
  if (!Array.isArray(content)) return [];
  return content.flatMap((block): RolloutEntry[] => {
    if (!isJsonObject(block)) return [];
    if (block.type === "text" && typeof block.text === "string")
      return [piece(category, kind, block.text)];
    if (block.type === "image" && typeof block.data === "string") {
      const { data, ...rest } = block;
      return [
        piece(category, "image", JSON.stringify(rest)),
        piece(category, "image_data", data, { opaque: true }),
      ];
    }
    return [piece(category, kind, JSON.stringify(block))];
  });
}

/** An assistant message's blocks, its model and the usage pi recorded for it. */
function assistantEntries(message: JsonObject, id: string | undefined): RolloutEntry[] {
  const of = id === undefined ? {} : { message: id };
  const entries: RolloutEntry[] = [];
  const model = text(message.model);
  if (model !== undefined) entries.push({ type: "turn", id: undefined, model });
  const content = Array.isArray(message.content) ? message.content : [];
  for (const block of content) {
    if (!isJsonObject(block)) continue;
    if (block.type === "text" && typeof block.text === "string") {
      entries.push(piece("model", "assistant_message", block.text, of));
    } else if (block.type === "thinking" && typeof block.thinking === "string") {
      entries.push(piece("model", "thinking", block.thinking, of));
      const signature = text(block.thinkingSignature);
      if (signature !== undefined && signature !== "") {
        entries.push(piece("model", "thinking_signature", signature, { ...of, opaque: true }));
      }
    } else if (block.type === "toolCall") {
      // The model reads a call's name and its arguments; its id only pairs it with its result.
      const words = [text(block.name) ?? "", JSON.stringify(block.arguments ?? {})];
      entries.push(piece("model", "tool_call", JSON.stringify(block), { ...of, words }));
    } else entries.push(piece("model", "other", JSON.stringify(block), of));
  }
  const usage = message.usage;
  if (isJsonObject(usage)) {
    const reported: ReportedUsage = {
      input: count(usage.input) + count(usage.cacheRead) + count(usage.cacheWrite),
      cached: count(usage.cacheRead),
      output: count(usage.output),
      reasoning: 0,
    };
    if (reported.input > 0)
      entries.push({ type: "usage", usage: reported, ...(id === undefined ? {} : { copyOf: id }) });
  }
  return entries;
}

/** The entries of a `message` entry, by the role pi recorded: who wrote it is in the record. */
function messageEntries(message: JsonObject, id: string | undefined): RolloutEntry[] {
  switch (message.role) {
    case "user":
      return contentPieces(message.content, "user", "user_intent");
    case "assistant":
      return assistantEntries(message, id);
    case "toolResult":
      return contentPieces(message.content, "tool", "tool_result");
    case "bashExecution":
      // The person ran a shell command with `!`: pi sends its command and output to the model.
      return [
        piece(
          "tool",
          "bash_execution",
          JSON.stringify({ command: message.command, output: message.output }),
        ),
      ];
    case "custom":
    case "hookMessage":
      return contentPieces(message.content, "injected", "custom_message");
    case "branchSummary":
      return [piece("injected", "branch_summary", text(message.summary) ?? "")];
    case "compactionSummary":
      return [piece("injected", "compaction_summary", text(message.summary) ?? "")];
    default:
      return [
        {
          type: "unfit",
          reason: `a pi message whose role ${JSON.stringify(message.role ?? null)} is not one pi writes`,
        },
      ];
  }
}

/** Whether `record` is pi's header: a session's id and the time it began (and, from pi's second format, the format's version). */
function isHeader(record: JsonObject): boolean {
  return (
    record.type === "session" &&
    typeof record.id === "string" &&
    (typeof record.version === "number" || typeof record.timestamp === "string")
  );
}

/** Whether `record` has the shape of one of pi's entries: a parent (pi's tree), or a time alone (its first format). */
function ownsEntry(record: JsonObject): boolean {
  if (typeof record.type !== "string" || !entryTypes.has(record.type) || "payload" in record) {
    return false;
  }
  return "parentId" in record || typeof record.timestamp === "string";
}

/**
 * One pi session's reader. pi's entries form a tree (each names its parent); the file holds
 * every branch, and the session goes on from the newest entry. Read in order, an entry whose
 * parent is not the entry before it opens another branch: the history goes back to that parent,
 * as a rollback of the user turns after it. The reader remembers each entry's depth in user
 * turns, for the newest 65,536 entries; a branch from an older one is named and read as going on.
 */
function openPi(): RecordReader {
  const depths = new Map<string, number>();
  let depth = 0;
  let last: string | null = null;
  const remember = (id: string | undefined) => {
    if (id === undefined) return;
    depths.set(id, depth);
    if (depths.size > placeMemory) {
      const oldest = depths.keys().next();
      if (oldest.done !== true) depths.delete(oldest.value);
    }
  };
  return (record: JsonValue) => {
    if (!isJsonObject(record) || typeof record.type !== "string") return undefined;
    if (record.type === "session") {
      const parent = text(record.parentSession);
      const id = text(record.id);
      const cwd = text(record.cwd);
      const facts: SessionFacts = {
        ...(id === undefined ? {} : { id }),
        ...(cwd === undefined ? {} : { cwd }),
        originator: "pi",
        ...(typeof record.version === "number"
          ? { version: `session format ${record.version}` }
          : {}),
        ...(parent === undefined ? {} : { forkedFrom: parent }),
      };
      // pi's first format names the session's model in its header.
      const model = text(record.modelId);
      return [
        { type: "session", facts },
        ...(model === undefined ? [] : [{ type: "turn" as const, id: undefined, model }]),
      ];
    }
    if (!ownsEntry(record)) return undefined;
    const id = text(record.id);
    const parent = text(record.parentId) ?? null;
    const entries: RolloutEntry[] = [];
    // pi's first format wrote its entries in a line, with no ids: no branch to follow.
    const linear = !("parentId" in record);
    if (!linear && parent !== last) {
      const back = parent === null ? 0 : depths.get(parent);
      if (back === undefined) {
        entries.push({
          type: "unfit",
          reason: `a pi entry whose parent ${parent} is not among the newest ${placeMemory} entries: read as going on from the entry before it`,
        });
      } else {
        entries.push({
          type: "rollback",
          turns: depth - back,
          branch: `a branch from entry ${parent ?? "(the root)"}: the history goes back to it`,
        });
        depth = back;
      }
    }
    last = id ?? null;
    const message = record.message;
    if (record.type === "message" && isJsonObject(message)) {
      if (message.role === "user") depth += 1;
      entries.push(...messageEntries(message, id));
    } else if (record.type === "model_change" && typeof record.modelId === "string") {
      entries.push({ type: "turn", id: undefined, model: record.modelId });
    } else if (record.type === "branch_summary") {
      entries.push(piece("injected", "branch_summary", text(record.summary) ?? ""));
    } else if (record.type === "custom_message") {
      entries.push(...contentPieces(record.content, "injected", "custom_message"));
    } else if (record.type === "compaction") {
      const firstKept = text(record.firstKeptEntryId);
      const kept = firstKept === undefined ? undefined : depths.get(firstKept);
      const before =
        typeof record.tokensBefore === "number" ? ` (${record.tokensBefore} tokens before)` : "";
      entries.push({
        type: "compaction",
        replacement: [],
        ...(kept === undefined
          ? {
              detail: `pi compacted the conversation${before}: the history is its summary, then the entries kept from ${firstKept ?? "the cut"} on, which are not among the entries remembered and are not counted again, so the requests after it count less than was sent`,
            }
          : {
              // The turn the first kept entry is in is kept from its start.
              keepTurns: depth - Math.max(kept, 1) + 1,
              detail: `pi compacted the conversation${before}: the history is its summary and the turns kept from entry ${firstKept} on`,
            }),
      });
      entries.push(piece("injected", "compaction_summary", text(record.summary) ?? ""));
    }
    remember(id);
    return entries;
  };
}

/**
 * pi's session files (`~/.pi/agent/sessions/--<folder>--/<time>_<id>.jsonl`): a `session` header,
 * then entries that form a tree by their `parentId`, every branch in one file (pi's first format
 * wrote them in a line, without ids, and named the model in the header). Messages carry
 * their role (`user`, `assistant` with its model and usage, `toolResult`, `bashExecution`,
 * `custom`, `branchSummary`, `compactionSummary`), so who wrote each text comes from the record.
 * Model changes name the model; a compaction leaves its summary and the turns it keeps; a branch
 * goes back to the entry it starts from.
 */
export const piReader: TranscriptReader = {
  format: "pi",
  detects: (record) => isJsonObject(record) && isHeader(record),
  owns: (record) => isJsonObject(record) && (isHeader(record) || ownsEntry(record)),
  open: openPi,
};
