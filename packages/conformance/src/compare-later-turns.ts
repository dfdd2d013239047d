import {
  diffEnvironmentContext,
  environmentContext,
  type Registry,
  snapshotEnvironmentContext,
} from "@ctx/registry";
import { type CheckResult, compareText } from "./check-result.js";
import type { CtxTurnState } from "./ctx-turn-state.js";
import { type ExtraLabel, type LayoutPart, layoutOf } from "./layout.js";
import { pinMachineValues } from "./pin-machine-values.js";

/** One request Codex sent during a multi-turn scenario, with the turn it belongs to. */
export interface TurnRequest {
  readonly turn: number;
  readonly input: readonly unknown[];
  /** Whether this request asked for a compaction summary. */
  readonly compaction: boolean;
}

/**
 * Compares what each later turn adds before its prompt, where @ctx has the pieces today (the
 * registry's environment-context diff, and whether AGENTS.md changed): the environment context
 * byte for byte (shell, date and time zone pinned), and whether an AGENTS.md fragment is sent
 * again. Turns that compact are left to the session checks: their context is re-injected whole.
 */
export function compareLaterTurns(options: {
  readonly registry: Registry;
  readonly extraLabel: ExtraLabel;
  readonly prompts: readonly string[];
  readonly requests: readonly TurnRequest[];
  readonly states: readonly CtxTurnState[];
}): CheckResult[] {
  const results: CheckResult[] = [];
  for (let turn = 1; turn < options.states.length; turn += 1) {
    const requests = options.requests.filter((request) => request.turn === turn);
    const first = requests[0];
    const previous = options.states[turn - 1];
    const current = options.states[turn];
    if (first === undefined || previous === undefined || current === undefined) continue;
    if (requests.some((request) => request.compaction)) continue;
    const added = partsAfter(
      layoutOf(first.input, options.registry, { extraLabel: options.extraLabel }),
      options.prompts[turn - 1] ?? "",
    );
    const theirs = added.find((part) => part.kind === "environment_context")?.text;
    if (previous.environment !== undefined && current.environment !== undefined) {
      const update = diffEnvironmentContext(
        snapshotEnvironmentContext(previous.environment),
        current.environment,
      );
      results.push(
        compareText(
          `turn-${turn + 1}-environment-context`,
          update === undefined ? undefined : environmentContext.create(update).render(),
          pinMachineValues(theirs),
        ),
      );
    }
    results.push(
      compareText(
        `turn-${turn + 1}-agents-md-sent-again`,
        String(
          previous.agentsMd.text() !== current.agentsMd.text() ||
            previous.agentsMd.directory !== current.agentsMd.directory,
        ),
        String(added.some((part) => part.kind === "agents_md_instructions")),
      ),
    );
  }
  return results;
}

/** The context parts after the message holding the previous turn's prompt, before this turn's prompt. */
function partsAfter(layout: ReturnType<typeof layoutOf>, previousPrompt: string): LayoutPart[] {
  const index = layout.findLastIndex((item) =>
    item.parts.some((part) => part.text === previousPrompt),
  );
  return layout
    .slice(index + 1)
    .filter((item) => item.role !== "assistant")
    .flatMap((item) => item.parts)
    .filter((part) => part.kind !== "user_input");
}
