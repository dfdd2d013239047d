import type { JsonValue } from "@ctx/protocol";
import { isJsonObject, type JsonObject } from "../json-object.js";
import { assistantEntries, systemEntries, Unfit, userEntries } from "./claude-code-records.js";
import type { RolloutEntry, SessionFacts } from "./transcript-entry.js";
import type { RecordReader, TranscriptReader } from "./transcript-reader.js";

/** The records that carry the session's facts and what the model was sent. */
const recordTypes = new Set(["user", "assistant", "system"]);
/** How many records' threads are remembered, to follow a sub-agent's records by their parents. */
const threadMemory = 65_536;

/**
 * The elements Claude Code opens a whole user record with when it writes the record itself, and
 * the kind each one is; the person's own words never arrive wrapped in them (a person who types
 * one at the start of a message is the one case read wrongly, and the reason `origin` wins).
 */
const harnessElements: readonly (readonly [string, string])[] = [
  ["<task-notification>", "task_notification"],
  ["<local-command-stdout>", "local_command_output"],
  ["<local-command-stderr>", "local_command_output"],
  ["<bash-stdout>", "local_command_output"],
  ["<bash-stderr>", "local_command_output"],
  ["<bash-notification>", "task_notification"],
  ["<user-prompt-submit-hook>", "hook_output"],
  ["<session-start-hook>", "hook_output"],
  ["<teammate-message", "teammate_message"],
];
/** The kind of what an agent wrote to the sub-agent it started, in the sub-agent's user turn. */
const agentPrompt = "agent_prompt";
/** The elements of a slash command the person ran: their words, which Claude Code expands next. */
const commandElements = ["<command-name>", "<command-message>"];

/** The text a user record opens with: its string content, or its first text block's. */
function openingText(record: JsonObject): string | undefined {
  const message = record.message;
  const content = isJsonObject(message) ? message.content : undefined;
  if (typeof content === "string") return content.trimStart();
  const first = Array.isArray(content) ? content[0] : undefined;
  return isJsonObject(first) && first.type === "text" && typeof first.text === "string"
    ? first.text.trimStart()
    : undefined;
}

/** Whether a user record holds tool results: the tools' words, however it opens. */
function holdsToolResult(record: JsonObject): boolean {
  const message = record.message;
  const content = isJsonObject(message) ? message.content : undefined;
  return (
    Array.isArray(content) &&
    content.some((each) => isJsonObject(each) && each.type === "tool_result")
  );
}

const snakeCase = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")
    .toLowerCase()
    .slice(0, 48) || "unknown";

/** Who the session is, from a record that names its folder; a sub-agent's file names its parent. */
function factsOf(record: JsonObject, subAgentFile: boolean): SessionFacts | undefined {
  if (typeof record.cwd !== "string") return undefined;
  const text = (key: string) =>
    typeof record[key] === "string" ? (record[key] as string) : undefined;
  const sessionId = text("sessionId");
  const agentId = text("agentId");
  const version = text("version");
  const subAgent = subAgentFile && agentId !== undefined;
  return {
    ...(subAgent ? { id: agentId } : sessionId === undefined ? {} : { id: sessionId }),
    cwd: record.cwd,
    originator: "Claude Code",
    ...(version === undefined ? {} : { version }),
    ...(subAgent ? { agentPath: agentId } : {}),
    ...(subAgent && sessionId !== undefined ? { parentSession: sessionId } : {}),
  };
}

/** `entries` of a sub-agent's record, as its thread's: its texts and usage, nothing else. */
function inThread(entries: readonly RolloutEntry[], thread: string): RolloutEntry[] {
  return entries.flatMap((entry): RolloutEntry[] => {
    if (entry.type === "piece") return [{ type: "piece", piece: { ...entry.piece, thread } }];
    if (entry.type === "usage") return [{ ...entry, thread }];
    return entry.type === "unfit" ? [entry] : [];
  });
}

/**
 * One Claude Code transcript's reader. It keeps, within a bound: whether the file is a
 * sub-agent's own (`agent-*.jsonl`, every record a sidechain), the thread of the sub-agent
 * records it has seen (a sidechain opens one; its records follow their parents), and the slash
 * command the person ran last, whose expansion Claude Code writes next as a user record.
 */
function openClaudeCode(): RecordReader {
  /** The `isSidechain` of the file's first conversation record: the main thread's. */
  let mainSidechain: boolean | undefined;
  const threads = new Map<string, string>();
  let threadCount = 0;
  let command: string | undefined;
  let afterCommand = false;

  const threadOf = (record: JsonObject): string | undefined => {
    const sidechain = record.isSidechain === true;
    if (mainSidechain === undefined || sidechain === mainSidechain) return undefined;
    const parent =
      typeof record.parentUuid === "string" ? threads.get(record.parentUuid) : undefined;
    let thread = typeof record.agentId === "string" ? record.agentId : parent;
    if (thread === undefined) {
      threadCount += 1;
      thread = `sidechain-${threadCount}`;
    }
    if (typeof record.uuid === "string") {
      threads.set(record.uuid, thread);
      if (threads.size > threadMemory) {
        const oldest = threads.keys().next();
        if (oldest.done !== true) threads.delete(oldest.value);
      }
    }
    return thread;
  };

  /** The kind of a user record Claude Code wrote in the person's place, by its structure. */
  const harnessKind = (record: JsonObject): string | undefined => {
    const expansion =
      afterCommand && (record.parentUuid === command || record.parentUuid === undefined);
    afterCommand = false;
    command = undefined;
    if (record.isMeta === true || record.isCompactSummary === true || holdsToolResult(record)) {
      return undefined;
    }
    const origin = record.origin;
    if (isJsonObject(origin) && typeof origin.kind === "string") {
      return origin.kind === "human" ? undefined : snakeCase(origin.kind);
    }
    const opening = openingText(record);
    const element = harnessElements.find(([start]) => opening?.startsWith(start) === true);
    if (element !== undefined) return element[1];
    if (commandElements.some((start) => opening?.startsWith(start) === true)) {
      command = typeof record.uuid === "string" ? record.uuid : undefined;
      afterCommand = true;
      return undefined;
    }
    if (expansion) return "command_expansion";
    // A sub-agent's own file: its "user" is the agent that started it, never the person.
    return mainSidechain === true ? agentPrompt : undefined;
  };

  return (record: JsonValue) => {
    if (!isJsonObject(record) || typeof record.type !== "string") return undefined;
    // Another agent's line (a Codex record's payload, a pi entry's parentId) is not Claude Code's.
    if ("payload" in record || "parentId" in record) return undefined;
    if (!recordTypes.has(record.type)) return [];
    if (record.type === "assistant") afterCommand = false;
    mainSidechain ??= record.isSidechain === true;
    try {
      const thread = threadOf(record);
      const entries =
        record.type === "user"
          ? userEntries(record, thread === undefined ? harnessKind(record) : agentPrompt)
          : record.type === "assistant"
            ? assistantEntries(record)
            : thread === undefined
              ? systemEntries(record)
              : [];
      if (thread !== undefined) return inThread(entries, thread);
      const facts = factsOf(record, mainSidechain);
      return facts === undefined ? entries : [{ type: "session", facts }, ...entries];
    } catch (error) {
      if (error instanceof Unfit) return [{ type: "unfit", reason: error.message }];
      throw error;
    }
  };
}

const namesItsSession = (record: JsonObject): boolean =>
  ["sessionId", "leafUuid", "messageId"].some((key) => typeof record[key] === "string");

/**
 * Claude Code's session transcripts (`~/.claude/projects/<folder>/<session>.jsonl`, and a
 * sub-agent's `agent-*.jsonl`): who the session is (from any record naming its folder; a
 * sub-agent's file names the session that started it), the texts of `user` and `assistant`
 * records classified by what the record says of them, the model and usage of each assistant
 * message (each of its lines repeats it, identified by the message id), and compaction
 * boundaries. A sub-agent's conversation written inline (Claude Code 1.0's sidechains) is read
 * as its own thread, apart from the main history. Records Claude Code keeps for itself
 * (`summary` titles, `progress`, `file-history-snapshot`, `queue-operation`, other `system`
 * records) were never sent to the model and give no entry. A record that does not have the
 * shape it should gives one `unfit` entry naming the field, and nothing else.
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
  open: openClaudeCode,
};
