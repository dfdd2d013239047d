import {
  type ClaudeCodeBlock,
  type ClaudeCodeJson,
  type ClaudeCodeRecord,
  type ClaudeCodeSessionFacts,
  createClaudeCodeRecordReader,
} from "@ctx/session";
import { isJsonObject, type JsonObject } from "../json-object.js";
import { ClaudeCodeRewindPlan } from "./claude-code-rewind-plan.js";
import type { ItemCategory, ItemPiece, RolloutEntry, SessionFacts } from "./transcript-entry.js";
import type { RecordReader, TranscriptReader } from "./transcript-reader.js";

const piece = (
  category: ItemCategory,
  kind: string,
  text: string,
  opaque = false,
): ItemPiece & { readonly text: string } =>
  opaque ? { category, kind, text, opaque } : { category, kind, text };

/** An image's JSON without its data, and the data apart as opaque bytes. */
function imagePieces(source: ClaudeCodeJson, category: ItemCategory): ItemPiece[] {
  const { data, ...rest } = source;
  return [
    piece(category, "image", JSON.stringify({ type: "image", source: rest })),
    ...(typeof data === "string" && data !== "" ? [piece(category, "image_data", data, true)] : []),
  ];
}

/** The texts of one block as `ctx inspect` measures them; a model's name the message. */
function blockEntries(block: ClaudeCodeBlock, message: string | undefined): RolloutEntry[] {
  const ofMessage = (each: ItemPiece): RolloutEntry => ({
    type: "piece",
    piece: message === undefined ? each : { ...each, message },
  });
  switch (block.type) {
    case "text": {
      const text = { type: "piece" as const, piece: piece(block.author, block.kind, block.text) };
      if (block.author === "model") return [ofMessage(text.piece)];
      return block.kind === "interruption" ? [text, { type: "aborted" }] : [text];
    }
    case "image":
      return imagePieces(block.source, block.author).map((each) => ({
        type: "piece",
        piece: each,
      }));
    case "thinking":
      return [
        ofMessage(piece("model", "thinking", block.text)),
        ...(block.signature === undefined || block.signature === ""
          ? []
          : [ofMessage(piece("model", "thinking_signature", block.signature, true))]),
      ];
    case "redacted_thinking":
      return [ofMessage(piece("model", "redacted_thinking", block.data, true))];
    case "tool_use":
      // The model reads a call's name and its input; its id only pairs it with its result.
      return [
        ofMessage({
          ...piece("model", "tool_use", block.json),
          words: [block.name, JSON.stringify(block.input)],
        }),
      ];
    case "tool_result":
      return block.parts.flatMap((part): RolloutEntry[] => {
        const pieces =
          part.type === "text"
            ? [
                piece("tool", "tool_result", part.text),
                ...part.reminders.map((each) => piece("injected", "system_reminder", each)),
              ]
            : part.type === "image"
              ? imagePieces(part.source, "tool")
              : [piece("tool", "tool_result", part.json)];
        return pieces.map((each) => ({ type: "piece", piece: each }));
      });
    case "other":
      return [
        block.author === "model"
          ? ofMessage(piece("model", block.kind, block.json))
          : { type: "piece", piece: piece(block.author, block.kind, block.json) },
      ];
  }
}

/** What the session's record reader read of one line, as `ctx inspect`'s entries. */
function recordEntries(record: ClaudeCodeRecord): RolloutEntry[] {
  switch (record.type) {
    case "user":
      return record.blocks.flatMap((each) => blockEntries(each, undefined));
    case "assistant": {
      const { messageId, usage } = record;
      return [
        ...(record.model === undefined
          ? []
          : [{ type: "turn" as const, id: undefined, model: record.model }]),
        ...record.blocks.flatMap((each) => blockEntries(each, messageId)),
        ...(usage === undefined
          ? []
          : [
              {
                type: "usage" as const,
                usage: { ...usage, reasoning: 0 },
                ...(messageId === undefined ? {} : { copyOf: messageId }),
              },
            ]),
      ];
    }
    case "compaction": {
      const said = [
        ...(record.trigger === undefined ? [] : [`${record.trigger} compaction`]),
        ...(record.tokensBefore === undefined ? [] : [`${record.tokensBefore} tokens before`]),
      ];
      return [
        {
          type: "compaction",
          replacement: [],
          detail: `Claude Code compacted the conversation${said.length === 0 ? "" : ` (${said.join(", ")})`}: the history is replaced by the summary that follows`,
        },
      ];
    }
    case "ignored":
      return [];
    case "unfit":
      return [{ type: "unfit", reason: record.reason }];
  }
}

/** `entries` of a sub-agent's record, as its thread's: its texts and usage, nothing else. */
function inThread(entries: readonly RolloutEntry[], thread: string): RolloutEntry[] {
  return entries.flatMap((entry): RolloutEntry[] => {
    if (entry.type === "piece") return [{ type: "piece", piece: { ...entry.piece, thread } }];
    if (entry.type === "usage") return [{ ...entry, thread }];
    return entry.type === "unfit" ? [entry] : [];
  });
}

function sessionFacts(facts: ClaudeCodeSessionFacts): SessionFacts {
  const { agentId, ...rest } = facts;
  return {
    ...rest,
    originator: "Claude Code",
    ...(agentId === undefined ? {} : { agentPath: agentId }),
  };
}

/**
 * One transcript's reader: the session's record reader, its records as entries. With the plan of
 * a first reading, the main conversation's records on a branch the person rewound from give no
 * entry, and the record that rewinds opens with the rewind.
 */
function openClaudeCode(plan: ClaudeCodeRewindPlan | undefined): RecordReader {
  const read = createClaudeCodeRecordReader();
  return (json, line) => {
    const record = read(json);
    if (record === undefined) return undefined;
    const entries = recordEntries(record);
    const thread = record.type === "compaction" ? undefined : record.thread;
    if (thread !== undefined) return inThread(entries, thread);
    if (record.type === "unfit") return entries;
    // A rewind is told even when a later one leaves the message that made it out too.
    const rewind = plan?.rewindAt(line);
    if (plan?.leftOut(line) === true) return rewind === undefined ? [] : [rewind];
    const facts = record.facts;
    return [
      ...(facts === undefined ? [] : [{ type: "session" as const, facts: sessionFacts(facts) }]),
      ...(rewind === undefined ? [] : [rewind]),
      ...entries,
    ];
  };
}

const namesItsSession = (record: JsonObject): boolean =>
  ["sessionId", "leafUuid", "messageId"].some((key) => typeof record[key] === "string");

/**
 * Claude Code's session transcripts (`~/.claude/projects/<folder>/<session>.jsonl`, and a
 * sub-agent's `agent-*.jsonl`), read by `createClaudeCodeRecordReader` of `@ctx/session`: who
 * the session is (from any record naming its folder; a sub-agent's file names the session that
 * started it), the texts of `user` and `assistant` records with who wrote each, the model and
 * usage of each assistant message (each of its lines repeats it, identified by the message id),
 * and compaction boundaries. A sub-agent's conversation written inline (Claude Code 1.0's
 * sidechains) is read as its own thread, apart from the main history. Read twice (`survey`), a
 * branch the person rewound from is left out of the main history, by the rule the importer
 * follows, and each rewind is an entry of its own. Records Claude Code keeps
 * for itself give no entry; a record that does not have the shape it should gives one `unfit`
 * entry naming the field, and nothing else.
 */
export const claudeCodeReader: TranscriptReader = {
  format: "claude",
  detects: (record) =>
    isJsonObject(record) && typeof record.type === "string" && namesItsSession(record),
  owns: (record) =>
    isJsonObject(record) &&
    typeof record.type === "string" &&
    !("payload" in record) &&
    (namesItsSession(record) || typeof record.uuid === "string"),
  open: () => openClaudeCode(undefined),
  survey: () => {
    const plan = new ClaudeCodeRewindPlan();
    return { take: (record, line) => plan.take(record, line), open: () => openClaudeCode(plan) };
  },
};
