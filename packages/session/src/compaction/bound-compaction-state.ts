import { type CompactionState, compactionStateLimits as limits } from "@ctx/registry";

/**
 * `state` within the bounds of its schema, whatever its lists' lengths: each text cut in the
 * middle to its limit, each list without repeats (a path or text keeps its newest place, a call
 * or agent its newest entry) and cut to its newest entries, and no path both read and changed
 * (changed wins). Empty paths and ids are dropped.
 */
export function boundState(state: CompactionState): CompactionState {
  const text = (value: string) => clip(value, limits.textLength);
  const name = (value: string) => clip(value, limits.nameLength);
  const changed = newest(state.files.changed.filter(nonEmpty).map(name), (path) => path);
  const isChanged = new Set(changed);
  return {
    version: 1,
    ...(state.task === undefined ? {} : { task: text(state.task) }),
    constraints: newest(state.constraints.map(text), (value) => value).slice(-limits.constraints),
    decisions: newest(state.decisions.map(text), (value) => value).slice(-limits.decisions),
    pendingCalls: newest(
      state.pendingCalls
        .filter((call) => nonEmpty(call.callId) && nonEmpty(call.tool))
        .map((call) => ({
          callId: name(call.callId),
          tool: name(call.tool),
          arguments: text(call.arguments),
        })),
      (call) => call.callId,
    ).slice(-limits.pendingCalls),
    agents: newest(
      state.agents
        .filter((agent) => nonEmpty(agent.id))
        .map((agent) => ({ id: name(agent.id), task: text(agent.task) })),
      (agent) => agent.id,
    ).slice(-limits.agents),
    todos: newest(
      state.todos
        .filter((todo) => nonEmpty(todo.text))
        .map((todo) => ({ text: text(todo.text), status: todo.status })),
      (todo) => todo.text,
    ).slice(-limits.todos),
    files: {
      read: newest(
        state.files.read
          .filter(nonEmpty)
          .map(name)
          .filter((path) => !isChanged.has(path)),
        (path) => path,
      ).slice(-limits.files),
      changed: changed.slice(-limits.files),
    },
  };
}

/** `text` cut in the middle to at most `max` characters, with an ellipsis where it was cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.ceil((max - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (max - 1 - head))}`;
}

function nonEmpty(value: string): boolean {
  return value.trim() !== "";
}

/** `values` with each key once, at the place of its last occurrence (its newest value). */
function newest<Value>(values: readonly Value[], key: (value: Value) => string): Value[] {
  const last = new Map<string, number>();
  for (const [index, value] of values.entries()) last.set(key(value), index);
  return values.filter((value, index) => last.get(key(value)) === index);
}
