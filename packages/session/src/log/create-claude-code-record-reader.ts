import type { JsonValue } from "@ctx/protocol";
import { assistantParts, systemParts, UnfitRecord, userBlocks } from "./claude-code-blocks.js";
import type {
  ClaudeCodeJson,
  ClaudeCodeRecord,
  ClaudeCodeSessionFacts,
} from "./claude-code-record.js";

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

function isObject(value: JsonValue | undefined): value is ClaudeCodeJson {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The text a user record opens with: its string content, or its first text block's. */
function openingText(record: ClaudeCodeJson): string | undefined {
  const message = record.message;
  const content = isObject(message) ? message.content : undefined;
  if (typeof content === "string") return content.trimStart();
  const first = Array.isArray(content) ? content[0] : undefined;
  return isObject(first) && first.type === "text" && typeof first.text === "string"
    ? first.text.trimStart()
    : undefined;
}

/** Whether a user record holds tool results: the tools' words, however it opens. */
function holdsToolResult(record: ClaudeCodeJson): boolean {
  const message = record.message;
  const content = isObject(message) ? message.content : undefined;
  return (
    Array.isArray(content) && content.some((each) => isObject(each) && each.type === "tool_result")
  );
}

const snakeCase = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")
    .toLowerCase()
    .slice(0, 48) || "unknown";

/** Who the session is, from a record that names its folder; a sub-agent's file names its parent. */
function factsOf(
  record: ClaudeCodeJson,
  subAgentFile: boolean,
): ClaudeCodeSessionFacts | undefined {
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
    ...(version === undefined ? {} : { version }),
    ...(subAgent ? { agentId } : {}),
    ...(subAgent && sessionId !== undefined ? { parentSession: sessionId } : {}),
  };
}

/**
 * A reader of one Claude Code transcript (`~/.claude/projects/<folder>/<session>.jsonl`, or a
 * sub-agent's `agent-*.jsonl`), given its records in order: each one's blocks with who wrote
 * them, read from the record's structure. It keeps, within a bound, whether the file is a
 * sub-agent's own (every record a sidechain: its "user" is the agent that started it), the
 * thread of each sub-agent record it has seen (Claude Code 1.0 writes sub-agents' conversations
 * inline, as `isSidechain` records that follow their parents), and the slash command the person
 * ran last, whose expansion Claude Code writes next as a user record. Task notifications,
 * command expansions, local command output and hook text are Claude Code's, never the person's.
 * It returns `undefined` for a record that is not Claude Code's (a Codex line, a pi entry).
 *
 * @example
 * ```ts
 * const read = createClaudeCodeRecordReader();
 * const records = lines.map((line) => read(JSON.parse(line)));
 * ```
 */
export function createClaudeCodeRecordReader(): (
  record: JsonValue,
) => ClaudeCodeRecord | undefined {
  /** The `isSidechain` of the file's first conversation record: the main thread's. */
  let mainSidechain: boolean | undefined;
  const threads = new Map<string, string>();
  let threadCount = 0;
  let command: string | undefined;
  let afterCommand = false;

  const threadOf = (record: ClaudeCodeJson): string | undefined => {
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
  const harnessKind = (record: ClaudeCodeJson): string | undefined => {
    const expansion =
      afterCommand && (record.parentUuid === command || record.parentUuid === undefined);
    afterCommand = false;
    command = undefined;
    if (record.isMeta === true || record.isCompactSummary === true || holdsToolResult(record)) {
      return undefined;
    }
    const origin = record.origin;
    if (isObject(origin) && typeof origin.kind === "string") {
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

  const read = (record: ClaudeCodeJson, thread: string | undefined): ClaudeCodeRecord => {
    const facts = thread === undefined ? factsOf(record, mainSidechain === true) : undefined;
    if (record.type === "user") {
      const harness = thread === undefined ? harnessKind(record) : agentPrompt;
      return { type: "user", thread, facts, blocks: userBlocks(record, harness) };
    }
    if (record.type === "assistant")
      return { type: "assistant", thread, facts, ...assistantParts(record) };
    const boundary = thread === undefined ? systemParts(record) : undefined;
    return boundary === undefined
      ? { type: "ignored", thread, facts }
      : { type: "compaction", facts, ...boundary };
  };

  return (record) => {
    if (!isObject(record) || typeof record.type !== "string") return undefined;
    // Another agent's line (a Codex record's payload, a pi entry's parentId) is not Claude Code's.
    if ("payload" in record || "parentId" in record) return undefined;
    if (!recordTypes.has(record.type))
      return { type: "ignored", thread: undefined, facts: undefined };
    if (record.type === "assistant") afterCommand = false;
    mainSidechain ??= record.isSidechain === true;
    const thread = threadOf(record);
    try {
      return read(record, thread);
    } catch (error) {
      if (error instanceof UnfitRecord) return { type: "unfit", thread, reason: error.message };
      throw error;
    }
  };
}
