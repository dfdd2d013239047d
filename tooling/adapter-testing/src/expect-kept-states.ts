import { expect } from "vitest";
import { type StateCompaction, stateAnswers, stateTask } from "./run-state-compaction.js";

/**
 * Checks a {@link StateCompaction} whose summarizer answered {@link stateAnswers} as asked: no
 * warning, the model's summary kept as the summary, the first state the model's decision and todo
 * beside the session's own fill (the task, the user's rule, the file read), and the second state
 * merged with the first rather than re-read from its summary (both decisions, the todo closed, the
 * file changed).
 */
export function expectKeptStates(run: StateCompaction): void {
  expect(run.warnings).toEqual([[], []]);
  expect(run.summaries[0]).toContain(stateAnswers[0].summary);
  expect(run.summaries[0]).not.toContain('"state"');
  const common = { version: 1, task: stateTask, constraints: ["Never push to main."] };
  expect(run.states[0]).toEqual({
    ...common,
    decisions: ["Keep the parse signature."],
    pendingCalls: [],
    agents: [],
    todos: [{ text: "Update the changelog", status: "open" }],
    files: { read: ["src/date.ts"], changed: [] },
  });
  expect(run.states[1]).toEqual({
    ...common,
    decisions: ["Keep the parse signature.", "Note the fix in the changelog."],
    pendingCalls: [],
    agents: [],
    todos: [],
    files: { read: ["src/date.ts"], changed: ["CHANGELOG.md"] },
  });
}
