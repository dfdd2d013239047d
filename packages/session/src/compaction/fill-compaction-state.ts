import { isSummaryText } from "@ctx/prompts";
import type { ResponseItem } from "@ctx/protocol";
import { type CompactionState, compactionStateLimits } from "@ctx/registry";
import type { HistoryEntry } from "../history/origin.js";
import { boundState, clip } from "./bound-compaction-state.js";
import { parseCallArguments } from "./parse-call-arguments.js";
import { messageText } from "./user-text.js";

/** A typed state filled from a history, and the calls whose outputs it holds. */
export interface FilledState {
  readonly state: CompactionState;
  /** The call ids of every tool output seen: calls an earlier state listed as pending ended. */
  readonly answered: readonly string[];
}

/**
 * A sentence of the user's that reads as a rule for the work: it says never, always, must,
 * don't, do not, should not, avoid, only, make sure, without, keep or stop (ASCII case ignored).
 */
const constraintWords =
  /\b(never|always|must|mustn't|don't|do not|should not|shouldn't|avoid|only|make sure|without|keep|stop|no longer)\b/i;
/** A file path: at least one folder, and a name with an extension. */
const pathToken = /^\/?(?:[\w@.-]+\/)+[\w@.-]*\w\.\w{1,8}$/;
/** What separates words in free text, a path's line number (`src/a.ts:3`) included. */
const separators = new Set([..." \t\n\r\f\v\"'`()[]{}<>,;:=|"]);
/** The paths a patch names on its file lines. */
const patchFile = /^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm;
/** A tool whose path arguments it writes rather than reads. */
const writingTool = /write|edit|create|patch|delete|remove|move|rename|replace/i;
/** A tool that starts a sub-agent: its call, while unanswered, is a running sub-agent. */
const agentTool = /agent/i;
const pathKeys = ["path", "file", "file_path", "filePath", "filename", "paths", "files"];
const commandKeys = ["command", "cmd"];
/** The most paths one tool output adds, so a long listing does not crowd out the rest. */
const pathsPerOutput = 20;

/**
 * The typed state the session fills from a history by itself, deterministically: the task is
 * the user's first message; the constraints are the user's sentences with a rule word (see
 * {@link constraintWords}); the files are the paths named in tool calls (a patch's file lines,
 * path arguments, paths in commands) and tool outputs, changed when a patch or a writing tool
 * names them, read otherwise; the pending calls are the calls without an output, those of a tool
 * named like an agent's listed as running sub-agents instead; the todos are the latest plan an
 * `update_plan` call gave. Decisions are left empty: nothing in a history says which sentence
 * was one. Only the user's own messages count, never injected context or a summary.
 */
export function fillCompactionState(entries: readonly HistoryEntry[]): FilledState {
  let task: string | undefined;
  const constraints: string[] = [];
  const calls = new Map<string, { callId: string; tool: string; arguments: string }>();
  const answered: string[] = [];
  const read: string[] = [];
  const changed: string[] = [];
  let todos: CompactionState["todos"] = [];
  for (const { item, origin } of entries) {
    if (item.type === "message" && item.role === "user" && origin.source === "user") {
      const text = messageText(item).trim();
      if (text === "" || isSummaryText(text)) continue;
      task ??= text;
      constraints.push(...sentences(text).filter((sentence) => constraintWords.test(sentence)));
    } else if (item.type === "function_call" || item.type === "custom_tool_call") {
      const args = item.type === "function_call" ? item.arguments : item.input;
      calls.set(item.call_id, { callId: item.call_id, tool: item.name, arguments: args });
      collectCallPaths(item.name, args, read, changed);
      if (item.name === "update_plan") todos = planOf(args) ?? todos;
    } else if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
      calls.delete(item.call_id);
      answered.push(item.call_id);
      read.push(...pathsIn(outputText(item), pathsPerOutput));
    }
  }
  const pending = [...calls.values()];
  const state = boundState({
    version: 1,
    ...(task === undefined ? {} : { task }),
    constraints,
    decisions: [],
    pendingCalls: pending.filter((call) => !agentTool.test(call.tool)),
    agents: pending
      .filter((call) => agentTool.test(call.tool))
      .map((call) => ({ id: call.callId, task: call.arguments })),
    todos,
    files: { read, changed },
  });
  return { state, answered };
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "");
}

function collectCallPaths(tool: string, args: string, read: string[], changed: string[]): void {
  const parsed = parseCallArguments(args);
  const patched = [...args.matchAll(patchFile)].flatMap((match) =>
    match[1] === undefined ? [] : [match[1].trim()],
  );
  // A patch given as an argument, or as the last word of a command (`["apply_patch", patch]`).
  for (const value of Object.values(parsed ?? {})) {
    const text = Array.isArray(value) ? value.join("\n") : value;
    if (typeof text !== "string") continue;
    for (const match of text.matchAll(patchFile)) {
      if (match[1] !== undefined) patched.push(match[1].trim());
    }
  }
  changed.push(...patched);
  const named: string[] = [];
  for (const key of pathKeys) {
    const value = parsed?.[key];
    if (typeof value === "string" && value !== "") named.push(value);
    if (Array.isArray(value)) named.push(...value.filter((part) => typeof part === "string"));
  }
  (writingTool.test(tool) ? changed : read).push(...named);
  for (const key of commandKeys) {
    const value = parsed?.[key];
    const command = Array.isArray(value) ? value.join(" ") : value;
    if (typeof command === "string" && patched.length === 0) read.push(...pathsIn(command));
  }
}

/**
 * The paths named in free text, at most `limit`: its words holding a `/` that read as a path (a
 * folder, a name with an extension), trailing dots left out. Each word is found from one of its
 * slashes and read once, and one longer than a path may be is skipped, so the cost stays linear
 * in the text.
 */
function pathsIn(text: string, limit = Number.POSITIVE_INFINITY): string[] {
  const paths: string[] = [];
  let slash = text.indexOf("/");
  while (slash !== -1 && paths.length < limit) {
    let start = slash;
    while (start > 0 && !separators.has(text.charAt(start - 1))) start -= 1;
    let end = slash;
    while (end < text.length && !separators.has(text.charAt(end))) end += 1;
    if (end - start <= compactionStateLimits.nameLength) {
      const candidate = text.slice(start, end).replace(/\.+$/, "");
      if (pathToken.test(candidate)) paths.push(candidate);
    }
    slash = text.indexOf("/", end);
  }
  return paths;
}

function outputText(
  item: Extract<ResponseItem, { type: "function_call_output" | "custom_tool_call_output" }>,
): string {
  const { output } = item;
  if (typeof output === "string") return output;
  return output.map((part) => ("text" in part ? part.text : "")).join("\n");
}

/** The todos of an `update_plan` call (`{ plan: [{ step, status }] }`), or none when it is not one. */
function planOf(args: string): CompactionState["todos"] | undefined {
  const plan = parseCallArguments(args)?.plan;
  if (!Array.isArray(plan)) return undefined;
  return plan.flatMap((entry: unknown) => {
    if (typeof entry !== "object" || entry === null) return [];
    const { step, status } = entry as { step?: unknown; status?: unknown };
    if (typeof step !== "string" || step.trim() === "") return [];
    const mapped =
      status === "completed" ? "done" : status === "in_progress" ? "in_progress" : "open";
    return [{ text: clip(step, compactionStateLimits.textLength), status: mapped }];
  });
}
