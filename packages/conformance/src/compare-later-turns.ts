import type { Registry } from "@ctx/registry";
import type { ModelRequest } from "@ctx/session";
import { type CheckResult, compareText } from "./check-result.js";
import {
  compared,
  compareFirstTurn,
  part,
  permissionsStructure,
  type ScenarioPlaces,
} from "./compare-first-turn.js";
import type { CtxTurnState } from "./ctx-turn-state.js";
import { type ExtraLabel, type LayoutItem, layoutOf } from "./layout.js";
import { pinMachineValues } from "./pin-machine-values.js";

/** One request Codex sent during a multi-turn scenario, with the turn it belongs to. */
export interface TurnRequest {
  readonly turn: number;
  readonly input: readonly unknown[];
  /** Whether this request asked for a compaction summary. */
  readonly compaction: boolean;
}

/** Why a turn that Codex compacts is not compared yet. */
export const compactionPending = "compaction: issue #13";

/**
 * Compares the turns of one scenario as Codex sent them and as `@ctx/session` returned them.
 * The first turn as a first-turn scenario is compared (checks named `turn-1-…`). Each later
 * turn N by what it adds after the previous prompt: the layout of the compared fragments
 * (`turn-N-layout`: kinds, roles, order), the AGENTS.md fragment byte for byte but for its
 * notice line (prose), the environment context byte for byte (shell, date and time zone
 * pinned), the permissions by structure, and whether
 * the request begins with the previous one (`turn-N-extends-previous`). A turn Codex compacts
 * is pending until @ctx compacts (issue #13); only whether it sends a model switch is compared.
 */
export function compareLaterTurns(options: {
  readonly registry: Registry;
  readonly extraLabel: ExtraLabel;
  readonly prompts: readonly string[];
  readonly requests: readonly TurnRequest[];
  readonly states: readonly CtxTurnState[];
  readonly ours: readonly ModelRequest[];
  readonly places: ScenarioPlaces;
  readonly developerInstructions: string | undefined;
}): CheckResult[] {
  const { registry, extraLabel, places } = options;
  const results: CheckResult[] = [];
  const codexFirst = options.requests.find((request) => request.turn === 0);
  const oursFirst = options.ours[0];
  const stateFirst = options.states[0];
  if (codexFirst !== undefined && oursFirst !== undefined && stateFirst !== undefined) {
    results.push(
      ...compareFirstTurn({
        registry,
        codexInput: codexFirst.input,
        ours: { ...oursFirst, agentsMd: stateFirst.agentsMd },
        places,
        expectedSources: undefined,
        developerInstructions: options.developerInstructions,
      }).map((check) => ({ ...check, check: `turn-1-${check.check}` })),
    );
  }
  for (let turn = 1; turn < options.ours.length; turn += 1) {
    const name = `turn-${turn + 1}`;
    const requests = options.requests.filter((request) => request.turn === turn);
    const codexPrevious = options.requests.findLast((request) => request.turn === turn - 1);
    const ours = options.ours[turn];
    const oursPrevious = options.ours[turn - 1];
    const previousPrompt = options.prompts[turn - 1] ?? "";
    const first = requests[0];
    if (first === undefined || codexPrevious === undefined || ours === undefined) continue;
    const mine = added(
      layoutOf(ours.input, registry, { extraLabel, leadingBase: false }),
      previousPrompt,
    );
    if (requests.some((request) => request.compaction)) {
      results.push({ check: `${name}-session`, outcome: "pending", detail: compactionPending });
      const after = requests.findLast((request) => !request.compaction);
      const theirs = after === undefined ? [] : layoutOf(after.input, registry, { extraLabel });
      results.push(
        compareText(
          `${name}-model-switch`,
          String(part(mine, "model_switch") !== undefined),
          String(part(theirs, "model_switch") !== undefined),
        ),
      );
      continue;
    }
    const theirs = added(layoutOf(first.input, registry, { extraLabel }), previousPrompt);
    results.push(
      compareText(`${name}-layout`, compared(mine).join("\n"), compared(theirs).join("\n")),
      compareText(
        `${name}-agents-md`,
        agentsMdUpdateStructure(part(mine, "agents_md_instructions")),
        agentsMdUpdateStructure(part(theirs, "agents_md_instructions")),
      ),
      compareText(
        `${name}-environment-context`,
        part(mine, "environment_context"),
        pinMachineValues(part(theirs, "environment_context")),
      ),
      compareText(
        `${name}-permissions`,
        permissionsStructure(part(mine, "permissions_instructions"), places.base),
        permissionsStructure(part(theirs, "permissions_instructions"), places.base),
      ),
      compareText(
        `${name}-extends-previous`,
        String(oursPrevious !== undefined && extendsPrevious(ours.input, oursPrevious.input)),
        String(extendsPrevious(first.input, codexPrevious.input)),
      ),
    );
  }
  return results;
}

/** The context messages after the one holding the previous turn's prompt, without the model's answer or the new prompt. */
function added(layout: readonly LayoutItem[], previousPrompt: string): LayoutItem[] {
  const index = layout.findLastIndex((item) =>
    item.parts.some((candidate) => candidate.text === previousPrompt),
  );
  return layout
    .slice(index + 1)
    .filter((item) => item.role !== "assistant")
    .map((item) => ({
      ...item,
      parts: item.parts.filter((candidate) => candidate.kind !== "user_input"),
    }))
    .filter((item) => item.parts.length > 0);
}

/**
 * An AGENTS.md fragment sent again on a later turn, with the notice that opens its instructions
 * (the earlier blocks are replaced, or no longer apply) reduced to a placeholder: the notice is
 * prose, ours by design; the heading, the markers and the file text stay byte for byte.
 */
function agentsMdUpdateStructure(text: string | undefined): string | undefined {
  return text?.replace(/(\n<INSTRUCTIONS>\n)[^\n]*/, "$1(notice)");
}

/** Whether `input` begins with the whole of `previous`, item for item. */
function extendsPrevious(input: readonly unknown[], previous: readonly unknown[]): boolean {
  return (
    input.length > previous.length &&
    previous.every((item, index) => JSON.stringify(item) === JSON.stringify(input[index]))
  );
}
