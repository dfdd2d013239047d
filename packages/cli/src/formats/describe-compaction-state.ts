import type { CompactionState } from "@ctx/registry";

/** How many names of each list the description shows before counting the rest. */
const shown = 5;
/** The most characters of the task it quotes. */
const taskLength = 80;

/**
 * One line saying what a compaction's typed state holds, for the compaction's event in
 * `ctx inspect`: the task (cut), then each non-empty list as its count and its first names.
 */
export function describeCompactionState(state: CompactionState): string {
  const task =
    state.task === undefined
      ? []
      : [
          `task "${state.task.length > taskLength ? `${state.task.slice(0, taskLength)}…` : state.task}"`,
        ];
  const parts = [
    ...task,
    list("constraint(s)", state.constraints.length, []),
    list("decision(s)", state.decisions.length, []),
    list(
      "pending call(s)",
      state.pendingCalls.length,
      state.pendingCalls.map((call) => `${call.tool} ${call.callId}`),
    ),
    list(
      "sub-agent(s)",
      state.agents.length,
      state.agents.map((agent) => agent.id),
    ),
    list(
      "todo(s)",
      state.todos.length,
      state.todos.map((todo) => `${todo.status}: ${todo.text}`),
    ),
    list("file(s) read", state.files.read.length, state.files.read),
    list("file(s) changed", state.files.changed.length, state.files.changed),
  ].filter((part) => part !== "");
  return `kept state: ${parts.length === 0 ? "empty" : parts.join("; ")}`;
}

function list(label: string, count: number, names: readonly string[]): string {
  if (count === 0) return "";
  if (names.length === 0) return `${count} ${label}`;
  const more = names.length > shown ? `, +${names.length - shown} more` : "";
  return `${count} ${label} (${names.slice(0, shown).join(", ")}${more})`;
}
