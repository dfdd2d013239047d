import type { CompactionState } from "@ctx/registry";
import { boundState } from "./bound-compaction-state.js";

/**
 * The state of a compaction made from the `previous` one's and the `next` one filled since (or
 * a summarizer's), never re-read from the prose summary:
 * - the task stays the first one known (`previous`'s when it has one);
 * - constraints, decisions and both file lists are unions, oldest first (a path changed is no
 *   longer listed as read);
 * - a pending call or running sub-agent of `previous` ends when its id is in `answered` (its
 *   output came since) and otherwise stays; `next`'s are added;
 * - todos are matched by text, `next`'s status winning; those `done` are closed (dropped);
 * - each list keeps its newest entries within the schema's bounds.
 */
export function mergeCompactionState(
  previous: CompactionState | undefined,
  next: CompactionState,
  answered: readonly string[] = [],
): CompactionState {
  if (previous === undefined) return boundState(closeDone(next));
  const ended = new Set(answered);
  const task = previous.task ?? next.task;
  return boundState(
    closeDone({
      version: 1,
      ...(task === undefined ? {} : { task }),
      constraints: [...previous.constraints, ...next.constraints],
      decisions: [...previous.decisions, ...next.decisions],
      pendingCalls: [
        ...previous.pendingCalls.filter((call) => !ended.has(call.callId)),
        ...next.pendingCalls,
      ],
      agents: [...previous.agents.filter((agent) => !ended.has(agent.id)), ...next.agents],
      todos: [...previous.todos, ...next.todos],
      files: {
        read: [...previous.files.read, ...next.files.read],
        changed: [...previous.files.changed, ...next.files.changed],
      },
    }),
  );
}

/** `state` without the todos whose newest status is `done`. */
function closeDone(state: CompactionState): CompactionState {
  const status = new Map(state.todos.map((todo) => [todo.text, todo.status]));
  return { ...state, todos: state.todos.filter((todo) => status.get(todo.text) !== "done") };
}
